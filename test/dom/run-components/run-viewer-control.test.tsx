/**
 * A `human_control` call in `<RunViewer>`: shown as a hand-off (the reason and instructions, the
 * live view read-only until the person takes control), answered once through the store as the
 * tool's JSON, one countdown for both deadlines, and a run that ends while it is held.
 */
import { render, screen, within } from '@testing-library/react';
import { RunViewer } from '../../../src/components/run-viewer';
import { humanControlTool } from '../../../src/schema';
import type { Scenario } from '../../../src/testing';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { answersOf, destroyStores, provider, simulator, startTask, toolInputPosts } from './simulator-harness';
// Loaded ahead: the parts load on demand, which the fake clock would not wait for.
import '../../../src/components/run-viewer/hand-off';
import '../../../src/components/human-request-prompt/control-request';
import '../../../src/components/human-request-prompt/time-left';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const REASON = 'A CAPTCHA blocks the checkout';
const INSTRUCTIONS = 'Tick the box, then hand back.';

/** One hand-off between two pages: the agent goes on whatever the answer. */
const handOffScenario = (timeoutSeconds: number): Scenario => ({
  name: 'one-hand-off',
  description: 'Asks a person to take over once.',
  keywords: [],
  steps: [
    { type: 'page', title: 'Security check', url: 'https://shop.example.com/verify', durationMs: 1000 },
    { type: 'tool_call', tool: 'human_control', parameters: { reason: REASON, instructions: INSTRUCTIONS, timeoutSeconds } },
    { type: 'page', title: 'Placing order…', url: 'https://shop.example.com/place', durationMs: 60_000 },
  ],
  result: { summary: 'Order placed.' },
});

/** The frame counts as loaded once it fires `load` (jsdom loads nothing): no reachability check, no time-out. */
const liveView = { checkReachability: false, loadTimeoutMs: 0 } as const;

/** A run waiting on a hand-off, in a RunViewer (the call is seen at the 2 s poll). */
async function waitingHandOff(props: Partial<Parameters<typeof RunViewer>[0]> = {}, timeoutSeconds = 600, builtIn = true) {
  const service = simulator({ scenario: handOffScenario(timeoutSeconds) });
  const { taskId, runId } = await startTask(service, 'Check out', [humanControlTool()]);
  const { wrapper } = provider(service.client);
  const view = render(<RunViewer taskId={taskId} liveView={liveView} {...props} />, { wrapper });
  await advance(0);
  await advance(2000);
  if (builtIn) expect(screen.getByRole('button', { name: 'Take control' })).toBeInTheDocument();
  return { service, taskId, runId, user: setupUser(), ...view };
}

const handOff = () => screen.getByRole('region', { name: 'Take control' });
const frames = () => document.querySelectorAll('iframe');
const controlState = () => document.querySelector('.hitl-control')?.getAttribute('data-state');
const timeLeft = () => [...document.querySelectorAll('.hitl-request-deadline')].map((element) => element.textContent);

describe('RunViewer with a human_control call', () => {
  it('shows the hand-off: reason and instructions as text, one live view, read-only until taken', async () => {
    const { container } = await waitingHandOff();
    expect(within(handOff()).getByText(REASON)).toBeInTheDocument();
    expect(within(handOff()).getByText(INSTRUCTIONS)).toBeInTheDocument();
    // The hand-off's view only: the viewer's own would frame the same page a second time.
    expect(frames()).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Live view' })).not.toBeInTheDocument();
    expect(frames()[0]).toHaveAttribute('inert');
    expect(controlState()).toBe('waiting');
    expect(screen.queryByRole('button', { name: 'Hand back' })).not.toBeInTheDocument();
    await expectAccessible(container);
  });

  it('Take control, then Hand back with a note: the service gets {"done":true,"note"} once and the run goes on', async () => {
    const { service, taskId, runId, user, container } = await waitingHandOff();
    await user.click(screen.getByRole('button', { name: 'Take control' }));
    expect(controlState()).toBe('held');
    expect(frames()[0]).not.toHaveAttribute('inert');
    expect(frames()[0]).toHaveFocus();
    await expectAccessible(container);

    await user.type(screen.getByRole('textbox', { name: 'Note for the agent (optional)' }), 'Ticked it');
    const handBack = screen.getByRole('button', { name: 'Hand back' });
    await user.click(handBack);
    await user.click(handBack);
    await advance(0);
    expect(answersOf(service, taskId)).toEqual([JSON.stringify({ done: true, note: 'Ticked it' })]);
    expect(toolInputPosts(service)).toHaveLength(1);

    await advance(4000);
    expect(screen.queryByRole('region', { name: 'Take control' })).not.toBeInTheDocument();
    expect(frames()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Live view' })).toBeInTheDocument();
    expect(service.getRun(runId)?.status).toBe('running');
    expect(service.getRun(runId)?.toolCall).toBeFalsy();
    expect(toolInputPosts(service)).toHaveLength(1);
    await expectAccessible(container);
  });

  it('"I could not do it" answers {"done":false}', async () => {
    const { service, taskId, user } = await waitingHandOff();
    await user.click(screen.getByRole('button', { name: 'Take control' }));
    await user.click(screen.getByRole('button', { name: 'I could not do it' }));
    await advance(0);
    expect(answersOf(service, taskId)).toEqual(['{"done":false}']);
  });

  it('ends the hand-off with a message when the run ends while it is held, and keeps focus on the page', async () => {
    const { service, taskId, runId, user, container } = await waitingHandOff();
    await user.click(screen.getByRole('button', { name: 'Take control' }));
    await user.click(screen.getByRole('textbox', { name: 'Note for the agent (optional)' }));

    await service.client.stopRun(taskId, { runId });
    await advance(2000);
    expect(screen.queryByRole('region', { name: 'Take control' })).not.toBeInTheDocument();
    expect(frames()).toHaveLength(0);
    const ended = screen.getByText('The run ended; the hand-off is over.');
    // Focus was in the hand-off: it lands on what took its place, not on the page's body.
    expect(ended.parentElement).toHaveFocus();
    expect(answersOf(service, taskId)).toEqual([]);
    await expectAccessible(container);
  });

  it('says nothing of a hand-off answered elsewhere when the run ends later', async () => {
    const { service, taskId, runId } = await waitingHandOff();
    const toolCallId = service.getRun(runId)?.toolCall?.toolCallId ?? '';
    await service.client.submitToolInput(taskId, { input: '{"done":false}', toolCallId });
    await advance(2000);
    expect(screen.queryByRole('region', { name: 'Take control' })).not.toBeInTheDocument();
    await service.client.stopRun(taskId, { runId });
    await advance(2000);
    expect(screen.getByRole('region', { name: 'Latest run' })).toHaveAttribute('data-state', 'stopped');
    expect(screen.queryByText('The run ended; the hand-off is over.')).not.toBeInTheDocument();
  });

  it('shows one countdown, the earlier of the call’s timeoutSeconds and toolCallTimeoutMs, and closes at it', async () => {
    const { service, taskId } = await waitingHandOff({ toolCallTimeoutMs: 600_000 }, 60);
    expect(timeLeft()).toEqual(['Time left: 1 min']);
    await advance(30_000);
    expect(timeLeft()).toEqual(['Time left: 30 sec']);

    await advance(30_000);
    expect(screen.getByRole('alert')).toHaveTextContent('This request expired.');
    expect(frames()).toHaveLength(0);
    expect(timeLeft()).toEqual([]);
    // The proxy answers the call at its deadline, not the page.
    expect(answersOf(service, taskId)).toEqual([]);
  });

  it('leaves a human_control call to the app’s own renderer when it gives one', async () => {
    await waitingHandOff({ renderers: { human_control: () => <p>My own hand-off</p> } }, 600, false);
    expect(await screen.findByText('My own hand-off')).toBeInTheDocument();
    expect(frames()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Take control' })).not.toBeInTheDocument();
  });
});
