import { render, screen, within } from '@testing-library/react';
import { RunViewer } from '../../../src/components/run-viewer';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { answersOf, destroyStores, loginAnswer, provider, simulator, startTask, toolInputPosts } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const TOOL_INPUT = { method: 'POST', path: '/api/v1/task/{taskId}/run/tool-input' };
const viewer = () => screen.getByRole('region', { name: 'Latest run' });
function announcement(): string | null | undefined {
  const root = viewer();
  return within(root)
    .getAllByRole('status')
    .find((element) => element.parentElement === root)?.textContent;
}
const badge = () => viewer().querySelector('.hitl-run-status-badge');
const username = () => screen.getByRole('textbox', { name: /Username/ });
const password = () => screen.getByLabelText(/Password/);
const body = loginAnswer;

/** A login run waiting for its form, shown in a RunViewer. */
async function waitingForm() {
  const service = simulator();
  const { taskId } = await startTask(service, 'Log in to the shop');
  const { wrapper } = provider(service.client);
  const view = render(<RunViewer taskId={taskId} />, { wrapper });
  await advance(0);
  await advance(4000);
  const user = setupUser();
  return { service, taskId, user, ...view };
}

async function fillIn(user: ReturnType<typeof setupUser>, name = 'ada', pass = 'correct horse') {
  await user.type(username(), name);
  await user.type(password(), pass);
}

describe('answering a tool call in RunViewer', () => {
  it('keeps what the person typed across polls and re-renders', async () => {
    const { user, rerender, taskId } = await waitingForm();
    await user.type(username(), 'ada');
    await advance(6000);
    expect(username()).toHaveValue('ada');

    rerender(<RunViewer taskId={taskId} messages={{ heading: () => 'Latest run' }} />);
    expect(username()).toHaveValue('ada');
  });

  it('disables the form while the answer is sent, then says it was sent until the service moves on', async () => {
    const { service, taskId, user, container } = await waitingForm();
    await fillIn(user);
    service.faults.configure({ latencyMs: 1000 });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);

    // Submitting: the values stay, nothing can be changed or sent twice.
    expect(username()).toBeDisabled();
    expect(username()).toHaveValue('ada');
    expect(password()).toHaveValue('correct horse');
    expect(screen.getByText('Sending your answer…')).toBeInTheDocument();
    await expectAccessible(container);

    // Accepted; the service has not been asked yet whether it moved on.
    await advance(1000);
    // The visible note (a paragraph), not the announcer, which says the same.
    expect(screen.getByText('Sent. Waiting for the agent…', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
    expect(announcement()).toBe('Sent. Waiting for the agent…');
    // Focus was in the form that went away: it lands on what replaced it, not on the page.
    expect(document.activeElement).toHaveTextContent('Sent. Waiting for the agent…');
    // The badge agrees: no "Waiting for your input" beside "Sent".
    expect(badge()).toHaveTextContent('Answer sent — the agent resumes');
    expect(badge()).toHaveAttribute('data-state', 'running');
    await expectAccessible(container);

    // The service moved on: the note goes; the announcement of it stays until the next one.
    await advance(1000);
    expect(badge()).toHaveTextContent('Running — loading a page');
    expect(screen.queryByText('Sent. Waiting for the agent…', { selector: 'p' })).not.toBeInTheDocument();
    // The note went too: focus moves on to the viewer's heading.
    expect(screen.getByRole('heading', { name: 'Latest run' })).toHaveFocus();
    expect(announcement()).toBe('Sent. Waiting for the agent…');

    expect(toolInputPosts(service)).toHaveLength(1);
    expect(answersOf(service, taskId)).toEqual([body('ada', 'correct horse')]);
  });

  it('after a failed send keeps the typed values, and "Try again" sends the identical body once', async () => {
    const { service, taskId, user, container } = await waitingForm();
    await fillIn(user);
    service.faults.inject({ type: 'http-503', match: TOOL_INPUT });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);

    expect(screen.getByRole('alert')).toHaveTextContent('Your answer could not be sent: Service unavailable');
    expect(username()).toHaveValue('ada');
    expect(password()).toHaveValue('correct horse');
    // Disabled: "Try again" resends what was sent, so the form must not suggest it could differ.
    expect(username()).toBeDisabled();
    await expectAccessible(container);

    // Polls do not change it: the service still waits for this call.
    await advance(4000);
    expect(screen.getByRole('alert')).toHaveTextContent('Your answer could not be sent');
    expect(username()).toHaveValue('ada');

    service.faults.configure({ latencyMs: 500 });
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    await user.click(tryAgain);
    await advance(0);
    expect(screen.getByText('Sending your answer again…')).toBeInTheDocument();
    expect(tryAgain).toHaveFocus();
    expect(tryAgain).toHaveAttribute('aria-disabled', 'true');
    await user.click(tryAgain);

    await advance(2000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(badge()).toHaveTextContent('Running — loading a page');
    await advance(30_000);
    expect(toolInputPosts(service)).toHaveLength(2);
    expect(answersOf(service, taskId)).toEqual([body('ada', 'correct horse')]);
  });

  it('"Edit answer" makes the form editable again, with the values, and sends the new answer', async () => {
    const { service, taskId, user } = await waitingForm();
    await fillIn(user);
    service.faults.inject({ type: 'network', match: TOOL_INPUT });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Your answer could not be sent');

    await user.click(screen.getByRole('button', { name: 'Edit answer' }));
    await advance(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(username()).toBeEnabled();
    expect(username()).toHaveValue('ada');
    expect(username()).toHaveFocus();

    await user.clear(username());
    await user.type(username(), 'grace');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);
    expect(toolInputPosts(service)).toHaveLength(2);
    expect(answersOf(service, taskId)).toEqual([body('grace', 'correct horse')]);
  });

  it('says the answer was probably received when the send failed but the agent moved on, and offers no resend', async () => {
    const { service, taskId, user, container } = await waitingForm();
    await fillIn(user);
    // The service takes the answer, but the reply is lost on the way back.
    service.faults.inject({ type: 'http-502', match: TOOL_INPUT, afterHandling: true });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The failure does not say whether the answer arrived: the status is read again at once.
    await advance(0);
    expect(screen.getByText('Your answer was probably received: the agent has moved on.')).toBeInTheDocument();
    expect(screen.queryByText(/could not be sent|no longer pending/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
    await expectAccessible(container);

    // The run ends; the note stays true.
    await advance(10_000);
    expect(viewer()).toHaveAttribute('data-state', 'completed');
    expect(screen.getByText('Your answer was probably received: the agent has moved on.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/probably received/)).not.toBeInTheDocument();
    expect(toolInputPosts(service)).toHaveLength(1);
    expect(answersOf(service, taskId)).toEqual([body('ada', 'correct horse')]);
  });

  it('announces each new question of a run', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to my bank with 2FA');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(4000);
    expect(announcement()).toBe('The agent is waiting for your answer.');

    const user = setupUser();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(0);
    expect(announcement()).toBe('Sent. Waiting for the agent…');

    await advance(4000);
    expect(screen.getByRole('heading', { name: 'Enter your verification code' })).toBeInTheDocument();
    expect(announcement()).toBe('The agent is waiting for your answer.');
  });

  it('announces a new question afresh even when the last announcement had the same words', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to my bank with 2FA');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(4000);
    const announcer = within(viewer())
      .getAllByRole('status')
      .find((element) => element.parentElement === viewer());
    const first = announcer?.firstChild;
    expect(announcement()).toBe('The agent is waiting for your answer.');

    // The service takes the answer but the reply is lost: nothing is announced as sent, so the
    // next question's announcement has the same words as the last one.
    service.faults.inject({ type: 'http-502', match: TOOL_INPUT, afterHandling: true });
    const user = setupUser();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(0);
    await advance(4000);
    expect(screen.getByRole('heading', { name: 'Enter your verification code' })).toBeInTheDocument();

    // Assistive technology speaks a live region when its content changes; a node put in afresh is such a change.
    expect(announcement()).toBe('The agent is waiting for your answer.');
    expect(announcer?.firstChild).not.toBe(first);
  });
});
