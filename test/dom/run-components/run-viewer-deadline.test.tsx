import { render, screen, within } from '@testing-library/react';
import { RunViewer } from '../../../src/components/run-viewer';
import { TaskClientProvider } from '../../../src/context';
import { createRunStore, type RunStore } from '../../../src/store';
import { FakeEnvironment } from '../../node/store/fake-task-client';
import { FakeOrigin } from '../../node/store/fake-tabs';
// Loaded ahead: the store loads its update sources on demand, which the fake clock would not wait for.
import '../../../src/store/open-update-sources';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { answersOf, destroyStores, loginAnswer, provider, simulator, startTask } from './simulator-harness';

const tabStores: RunStore[] = [];
beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
  for (const store of tabStores.splice(0)) store.destroy();
});

const EXPIRED = 'This request expired. The agent was told it was not answered in time.';
type Service = ReturnType<typeof simulator>;
const stops = (service: Service) => service.requests.filter((request) => request.method === 'PUT' && request.path.endsWith('/run/stop'));
const username = () => screen.queryByRole('textbox', { name: /Username/ });
const timeLeft = () => document.querySelector('.hitl-request-deadline')?.textContent;

/** A login run, shown in a RunViewer with `props`, advanced until its form waits (seen at the 4 s poll). */
async function waitingForm(props: Partial<Parameters<typeof RunViewer>[0]> = {}) {
  const service = simulator();
  const { taskId, runId } = await startTask(service, 'Log in to the shop');
  const { wrapper } = provider(service.client);
  const view = render(<RunViewer taskId={taskId} liveView={false} {...props} />, { wrapper });
  await advance(0);
  await advance(4000);
  expect(username()).toBeInTheDocument();
  return { service, taskId, runId, user: setupUser(), ...view };
}

describe('RunViewer toolCallTimeoutMs', () => {
  it('shows the time left to answer, said to screen readers at a few steps only', async () => {
    const { container } = await waitingForm({ toolCallTimeoutMs: 60_000 });
    expect(timeLeft()).toBe('Time left: 1 min');
    const prompt = container.querySelector('.hitl-run-viewer-tool-call');
    if (!(prompt instanceof HTMLElement)) throw new Error('no prompt');
    const spoken = () =>
      within(prompt)
        .queryAllByRole('status')
        .map((element) => element.textContent);
    // The time it opened with is there to read, not said.
    expect(spoken()).not.toContain('Time left: 1 min');
    await expectAccessible(container);

    await advance(20_000);
    expect(timeLeft()).toBe('Time left: 40 sec');
    expect(spoken()).not.toContain('Time left: 40 sec');
    await advance(10_000);
    expect(timeLeft()).toBe('Time left: 30 sec');
    expect(spoken()).toContain('Time left: 30 sec');
    // The form is as it was, answerable.
    expect(username()).toBeEnabled();
  });

  it('at the deadline closes the form with a note, and stops the run once', async () => {
    const { service, taskId, runId, user, container } = await waitingForm({ toolCallTimeoutMs: 60_000 });
    await user.type(username()!, 'ada');
    await advance(55_000);
    expect(username()).toHaveValue('ada');
    expect(stops(service)).toHaveLength(0);

    await advance(5000);
    expect(username()).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED);
    // Focus was in the form: it lands on the note that replaced it.
    expect(document.activeElement).toHaveTextContent(EXPIRED);
    expect(screen.queryByText(/Time left/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Waiting for you for/)).not.toBeInTheDocument();

    await advance(10_000);
    expect(stops(service)).toHaveLength(1);
    expect(service.getRun(runId)?.status).toBe('stopped');
    expect(screen.getByRole('region', { name: 'Latest run' })).toHaveAttribute('data-state', 'stopped');
    // Still there, to say why the run stopped; nothing was sent.
    expect(screen.getByText(EXPIRED)).toBeInTheDocument();
    expect(answersOf(service, taskId)).toEqual([]);
    await expectAccessible(container);
  });

  it('stops the run once however many viewers show the call', async () => {
    const service = simulator();
    const { taskId, runId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(
      <>
        <RunViewer taskId={taskId} liveView={false} toolCallTimeoutMs={30_000} />
        <RunViewer taskId={taskId} runId={runId} liveView={false} toolCallTimeoutMs={30_000} />
      </>,
      { wrapper },
    );
    await advance(0);
    await advance(4000);
    expect(screen.getAllByRole('textbox', { name: /Username/ })).toHaveLength(2);

    await advance(40_000);
    expect(screen.getAllByText(EXPIRED)).toHaveLength(2);
    expect(stops(service)).toHaveLength(1);
  });

  it('stops the run once across the tabs of the origin, asking onToolCallExpired once', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const origin = new FakeOrigin();
    const onToolCallExpired = vi.fn();
    for (let tab = 0; tab < 2; tab += 1) {
      const store = createRunStore(service.client, {
        environment: new FakeEnvironment(),
        firstPollJitterMs: 0,
        random: () => 0.5,
        crossTab: { environment: origin.tab(), name: 'deadline-tabs' },
      });
      tabStores.push(store);
      render(
        <TaskClientProvider client={service.client} store={store}>
          <RunViewer taskId={taskId} liveView={false} toolCallTimeoutMs={30_000} onToolCallExpired={onToolCallExpired} />
        </TaskClientProvider>,
      );
    }
    await advance(0);
    // The second tab hears of the call from the first, which polls for both.
    await advance(6000);
    expect(screen.getAllByRole('textbox', { name: /Username/ })).toHaveLength(2);

    await advance(40_000);
    expect(screen.getAllByText(EXPIRED)).toHaveLength(2);
    expect(onToolCallExpired).toHaveBeenCalledTimes(1);
    expect(stops(service)).toHaveLength(1);
  });

  it('keeps the run going when onToolCallExpired returns false: only the prompt closes', async () => {
    const onToolCallExpired = vi.fn(() => false);
    const { service, taskId, runId } = await waitingForm({ toolCallTimeoutMs: 30_000, onToolCallExpired });
    const toolCallId = service.getRun(runId)?.toolCall?.toolCallId;

    await advance(40_000);
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED);
    expect(username()).not.toBeInTheDocument();
    expect(onToolCallExpired).toHaveBeenCalledTimes(1);
    expect(onToolCallExpired).toHaveBeenCalledWith(expect.objectContaining({ toolCallId }), { taskId, runId: undefined });
    expect(stops(service)).toHaveLength(0);
    expect(service.getRun(runId)?.status).toBe('running');

    // The service still shows the call: the form does not come back with the next polls.
    await advance(10_000);
    expect(username()).not.toBeInTheDocument();
    expect(onToolCallExpired).toHaveBeenCalledTimes(1);
  });

  it('lets an answer already on its way win: no stop, no note', async () => {
    const onToolCallExpired = vi.fn();
    const { service, taskId, user } = await waitingForm({ toolCallTimeoutMs: 30_000, onToolCallExpired });
    await advance(20_000);
    await user.type(username()!, 'ada');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    // The answer is still out when the deadline passes.
    service.faults.configure({ latencyMs: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(12_000);
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();

    await advance(20_000);
    service.faults.configure({});
    await advance(10_000);
    expect(answersOf(service, taskId)).toEqual([loginAnswer('ada', 'correct horse')]);
    expect(stops(service)).toHaveLength(0);
    expect(onToolCallExpired).not.toHaveBeenCalled();
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('forgets the deadline of a run stopped before it', async () => {
    const { service, runId, user } = await waitingForm({ toolCallTimeoutMs: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Stop run' }));
    await user.click(screen.getByRole('button', { name: 'Stop the run' }));
    await advance(0);
    expect(service.getRun(runId)?.status).toBe('stopped');

    await advance(60_000);
    expect(stops(service)).toHaveLength(1);
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('says so when the run cannot be stopped at the deadline', async () => {
    const { service } = await waitingForm({ toolCallTimeoutMs: 30_000 });
    service.faults.inject({ type: 'http-503', match: { method: 'PUT', path: '/api/v1/task/{taskId}/run/stop' } });
    await advance(40_000);
    const alerts = screen.getAllByRole('alert').map((element) => element.textContent);
    expect(alerts).toContain(EXPIRED);
    expect(alerts.some((text) => text?.startsWith('Could not stop the run:'))).toBe(true);
    // The person can still stop it.
    expect(screen.getByRole('button', { name: 'Stop run' })).toBeInTheDocument();
  });

  it('without a timeout, a call waits as long as it takes', async () => {
    const { service } = await waitingForm();
    expect(screen.queryByText(/Time left/)).not.toBeInTheDocument();
    await advance(600_000);
    expect(username()).toBeInTheDocument();
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    expect(stops(service)).toHaveLength(0);
  });
});
