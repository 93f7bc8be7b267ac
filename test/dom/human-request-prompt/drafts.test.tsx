import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import type { HumanSchemaRequest } from '../../../src/request';
import { answerMock, deferred, shippingRequest, signInRequest } from './support';

const stored = () => JSON.stringify(Object.values({ ...sessionStorage }));

/** A schema form with a secret of each kind JSON Schema has. */
const withSecrets: HumanSchemaRequest = {
  ...shippingRequest,
  schema: {
    type: 'object',
    properties: {
      city: { type: 'string', title: 'City' },
      pin: { type: 'string', title: 'PIN', format: 'password' },
    },
  },
};

/** A schema only the JSON editor takes. */
const nested: HumanSchemaRequest = {
  kind: 'form',
  id: 'interrupt-1',
  source: 'ag-ui',
  schema: { type: 'object', properties: { address: { type: 'object', properties: { street: { type: 'string' } } } } },
};

describe('drafts', () => {
  it('of a schema form survive a remount and a reload, without secrets, and go once answered', async () => {
    const user = userEvent.setup();
    const first = render(<HumanRequestPrompt request={withSecrets} onAnswer={answerMock()} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    await user.type(screen.getByRole('textbox', { name: /PIN/ }), '4242');
    first.unmount();
    expect(stored()).toContain('Lyon');
    expect(stored()).not.toContain('4242');

    // A reload: the module is loaded afresh, only the tab's storage is left.
    vi.resetModules();
    const { HumanRequestPrompt: Reloaded } = await import('../../../src/components/human-request-prompt');
    const onAnswer = answerMock();
    render(<Reloaded request={{ ...withSecrets }} onAnswer={onAnswer} />);
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Lyon');
    expect(screen.getByRole('textbox', { name: /PIN/ })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onAnswer).toHaveBeenCalledWith({ requestId: 'elicit-1', action: 'accept', content: { city: 'Lyon' } });
    expect(sessionStorage.length).toBe(0);
  });

  it('of a form_input form keep no password, one-time code or card data', async () => {
    const user = userEvent.setup();
    const first = render(<HumanRequestPrompt request={signInRequest} onAnswer={answerMock()} />);
    // A form_input form loads when first shown.
    await user.type(await screen.findByRole('textbox', { name: /Username/ }), 'ada');
    await user.type(screen.getByLabelText(/Password/), 'hunter2');
    await user.type(screen.getByRole('textbox', { name: /Code/ }), '123456');
    first.unmount();
    expect(stored()).toContain('ada');
    expect(stored()).not.toContain('hunter2');
    expect(stored()).not.toContain('123456');

    render(<HumanRequestPrompt request={signInRequest} onAnswer={answerMock()} />);
    expect(await screen.findByRole('textbox', { name: /Username/ })).toHaveValue('ada');
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });

  it('are kept by source and id: another request starts empty', async () => {
    const user = userEvent.setup();
    const first = render(<HumanRequestPrompt request={shippingRequest} onAnswer={answerMock()} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    first.unmount();
    render(<HumanRequestPrompt request={{ ...shippingRequest, source: 'ag-ui' }} onAnswer={answerMock()} />);
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('');
  });

  it('stay while a failed answer can be sent again, and go with a decline', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const failed = deferred();
    onAnswer.mockReturnValueOnce(failed.promise).mockReturnValueOnce(undefined);
    render(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(async () => {
      failed.reject(new Error('offline'));
      await failed.promise.catch(() => undefined);
    });
    expect(stored()).toContain('Lyon');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(sessionStorage.length).toBe(0);
  });

  it('are not kept with persistDrafts={false}', async () => {
    const user = userEvent.setup();
    render(<HumanRequestPrompt request={shippingRequest} onAnswer={answerMock()} persistDrafts={false} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    expect(sessionStorage.length).toBe(0);
  });

  it('of the JSON editor keep its text, unless the schema has a secret', async () => {
    const user = userEvent.setup();
    const first = render(<HumanRequestPrompt request={nested} onAnswer={answerMock()} />);
    await user.type(await screen.findByRole('textbox', { name: 'Answer (JSON)' }), '{{"add');
    first.unmount();
    const second = render(<HumanRequestPrompt request={nested} onAnswer={answerMock()} />);
    expect(await screen.findByRole('textbox', { name: 'Answer (JSON)' })).toHaveValue('{}{"add');
    second.unmount();
    sessionStorage.clear();

    const secret: HumanSchemaRequest = {
      ...nested,
      id: 'interrupt-2',
      schema: { type: 'object', properties: { login: { type: 'object', properties: { token: { type: 'string', writeOnly: true } } } } },
    };
    render(<HumanRequestPrompt request={secret} onAnswer={answerMock()} />);
    await user.type(await screen.findByRole('textbox', { name: 'Answer (JSON)' }), '{{"token": "s3cret"}');
    expect(sessionStorage.length).toBe(0);
  });
});
