/**
 * `<RunViewer>` when the proxy cannot tell whether the answer was applied (`answer_in_doubt`):
 * it says so, offers only "Try again" (the same answer, the same `Idempotency-Key`), never a way
 * to send a different answer, and says "probably received" once the status shows the call gone.
 */
import { render, screen } from '@testing-library/react';
import { RunViewer } from '../../../src/components/run-viewer';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { inDoubtClient } from './in-doubt-client';
import { answersOf, destroyStores, loginAnswer, provider, simulator, startTask, toolInputPosts } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const IN_DOUBT = 'Your answer may already have been received. Checking whether the agent got it…';
const PROBABLY_RECEIVED = 'Your answer was probably received: the agent has moved on.';
const username = () => screen.getByRole('textbox', { name: /Username/ });
const password = () => screen.getByLabelText(/Password/);
const body = loginAnswer;

/** A login run waiting for its form, in a RunViewer whose answers go through `inDoubtClient`. */
async function waitingForm() {
  const service = simulator();
  const { taskId } = await startTask(service, 'Log in to the shop');
  const doubtful = inDoubtClient(service);
  const { wrapper } = provider(doubtful.client);
  const view = render(<RunViewer taskId={taskId} />, { wrapper });
  await advance(0);
  await advance(4000);
  const user = setupUser();
  await user.type(username(), 'ada');
  await user.type(password(), 'correct horse');
  return { service, taskId, user, ...doubtful, ...view };
}

describe('an answer in doubt in RunViewer', () => {
  it('says it may have arrived, offers only "Try again", and keeps the answer and its key', async () => {
    const { service, taskId, user, keys, outcomes, container } = await waitingForm();
    outcomes.push('lost');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);

    expect(screen.getByText(IN_DOUBT)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit answer' })).not.toBeInTheDocument();
    // What the person typed stays, and cannot be changed into a second, different answer.
    expect(username()).toHaveValue('ada');
    expect(username()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await expectAccessible(container);

    // The status still shows the call: the doubt holds across polls.
    await advance(6000);
    expect(screen.getByText(IN_DOUBT)).toBeInTheDocument();
    expect(keys).toHaveLength(1);

    // While the same answer goes again, there is still no way to a different one.
    service.faults.configure({ latencyMs: 500 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(screen.getByText('Sending your answer again…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit answer' })).not.toBeInTheDocument();
    await advance(1000);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(toolInputPosts(service)).toHaveLength(1);
    expect(answersOf(service, taskId)).toEqual([body('ada', 'correct horse')]);
  });

  it('says "probably received" once the status shows the call gone, and offers no resend', async () => {
    const { service, taskId, user, keys, outcomes, container } = await waitingForm();
    outcomes.push('lost', 'applied');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);
    expect(screen.getByText(IN_DOUBT)).toBeInTheDocument();

    // The resend reaches the service, but the proxy cannot tell: the status read at once settles it.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(screen.getByText(PROBABLY_RECEIVED)).toBeInTheDocument();
    expect(screen.queryByText(IN_DOUBT)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
    await expectAccessible(container);

    await advance(10_000);
    expect(new Set(keys).size).toBe(1);
    expect(answersOf(service, taskId)).toEqual([body('ada', 'correct horse')]);
  });
});
