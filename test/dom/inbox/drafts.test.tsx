import { render, screen } from '@testing-library/react';
import { RunViewer } from '../../../src/components/run-viewer';
import { draftableAnswer, isSecretField } from '../../../src/form';
import { FakeTaskClient, runStatus, waitingFor } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';

beforeEach(() => {
  sessionStorage.clear();
  installFakeClock();
});
afterEach(removeFakeClock);

const username = () => screen.getByRole('textbox', { name: /Username/ });
const password = () => screen.getByLabelText(/Password/);

describe('drafts', () => {
  it('keep what was typed across a remount, except the password, and go once the answer is accepted', async () => {
    const client = new FakeTaskClient()
      .script('getRunStatus', { value: waitingFor('call-1') })
      .script('submitToolInput', { value: undefined });
    const { wrapper } = harness(client);
    const first = render(<RunViewer taskId="task-1" />, { wrapper });
    await advance(0);
    const user = setupUser();
    await user.type(username(), 'ada');
    await user.type(password(), 'secret');
    first.unmount();
    expect(JSON.stringify(Object.values({ ...sessionStorage }))).not.toContain('secret');

    render(<RunViewer taskId="task-1" />, { wrapper });
    await advance(0);
    expect(username()).toHaveValue('ada');
    expect(password()).toHaveValue('');
    await user.type(password(), 'secret');
    await user.click(screen.getByRole('button', { name: /Submit|Send/ }));
    await advance(0);
    expect(client.callsTo('submitToolInput')).toHaveLength(1);
    expect(sessionStorage.length).toBe(0);
  });

  it('are not kept with persistDrafts={false}', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-1') });
    const { wrapper } = harness(client);
    render(<RunViewer taskId="task-1" persistDrafts={false} />, { wrapper });
    await advance(0);
    await setupUser().type(username(), 'ada');
    expect(sessionStorage.length).toBe(0);
  });

  it('go when the call goes away', async () => {
    let waiting = true;
    const client = new FakeTaskClient().script('getRunStatus', () => ({ value: waiting ? waitingFor('call-1') : runStatus('running') }));
    const { wrapper } = harness(client);
    render(<RunViewer taskId="task-1" />, { wrapper });
    await advance(0);
    await setupUser().type(username(), 'ada');
    expect(sessionStorage.length).toBe(1);
    waiting = false;
    await advance(2000);
    expect(sessionStorage.length).toBe(0);
  });
});

describe('draftableAnswer', () => {
  it('never keeps passwords, one-time codes or card data', () => {
    const fields = [
      { type: 'text', label: 'Name' },
      { type: 'password', label: 'Password' },
      { type: 'text', label: 'Code', autocomplete: 'one-time-code' },
      { type: 'text', label: 'Card', autocomplete: 'billing cc-number' },
      { type: 'text', label: 'Old', autocomplete: 'current-password' },
      { type: 'text', label: 'New', autocomplete: 'new-password' },
      { type: 'email', label: 'Email', autocomplete: 'email' },
    ];
    const answer = fields.map((field) => ({ label: field.label, value: 'x' }));
    expect(draftableAnswer({ fields }, answer).map((entry) => entry?.label ?? null)).toEqual([
      'Name',
      null,
      null,
      null,
      null,
      null,
      'Email',
    ]);
    expect(isSecretField(undefined)).toBe(true);
  });
});
