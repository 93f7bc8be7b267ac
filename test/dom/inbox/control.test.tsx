/**
 * Hand-offs in `<Inbox>`: a `human_control` call of a run listed by its reason and answered in
 * place as the same hand-off `<RunViewer>` shows (the tool's JSON, once), and, through a proxy,
 * control leased there for the call (task and `toolCallId`) and for a request of kind `control`
 * (its id as the proxy lists it).
 */
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createTaskClient } from '../../../src/client';
import { Inbox } from '../../../src/components/inbox';
import { TaskClientProvider } from '../../../src/context';
import { humanControlRequest } from '../../../src/request';
import { humanControlTool } from '../../../src/schema';
import { createRunStore, type RunStore } from '../../../src/store';
import type { Scenario } from '../../../src/testing';
import { createRequestsDouble } from '../../../scripts/lib/requests-double';
import { FakeEnvironment, FakeTaskClient, runStatus } from '../../node/store/fake-task-client';
import { fakeUpstream } from '../hooks/fake-upstream';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from '../run-components/axe-with-fake-timers';
import { answersOf, destroyStores, provider, simulator, startTask, toolInputPosts } from '../run-components/simulator-harness';
// Loaded ahead: the parts load on demand, which the fake clock would not wait for.
import '../../../src/store/requests-resource';
import '../../../src/components/inbox/inbox-hand-off';
import '../../../src/components/inbox/inbox-request-panel';
import '../../../src/components/human-request-prompt/control-request';
import '../../../src/components/human-request-prompt/time-left';

const stores: RunStore[] = [];
beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
  for (const store of stores.splice(0)) store.destroy();
});

const REASON = 'A CAPTCHA blocks the checkout';
const INSTRUCTIONS = 'Tick the box, then hand back.';
const PARAMETERS = { reason: REASON, instructions: INSTRUCTIONS, timeoutSeconds: 600 };

const scenario: Scenario = {
  name: 'one-hand-off',
  description: 'Asks a person to take over once.',
  keywords: [],
  steps: [
    { type: 'page', title: 'Security check', url: 'https://shop.example.com/verify', durationMs: 1000 },
    { type: 'tool_call', tool: 'human_control', parameters: PARAMETERS },
    { type: 'page', title: 'Placing order…', url: 'https://shop.example.com/place', durationMs: 60_000 },
  ],
  result: { summary: 'Order placed.' },
};

const list = () => screen.getByRole('list', { name: /waiting for your answer$/ });
const controlState = () => document.querySelector('.hitl-control')?.getAttribute('data-state');

/** An inbox of one run waiting on a hand-off, straight on the (simulated) service. */
async function waitingHandOff() {
  const service = simulator({ scenario });
  const { taskId } = await startTask(service, 'Check out', [humanControlTool()]);
  const { wrapper } = provider(service.client);
  const view = render(<Inbox taskIds={[taskId]} />, { wrapper });
  await advance(0);
  await advance(2000);
  return { service, taskId, user: setupUser(), ...view };
}

describe('Inbox with a human_control call', () => {
  it('lists it by what it asks and why, and opens the hand-off in place', async () => {
    const { user, container } = await waitingHandOff();
    const item = within(list()).getByRole('button');
    expect(item).toHaveTextContent('Take control');
    expect(item).toHaveTextContent(REASON);
    expect(item).not.toHaveTextContent(INSTRUCTIONS);
    await expectAccessible(container);

    await user.click(item);
    await advance(0);
    const handOff = screen.getByRole('region', { name: 'Take control' });
    expect(within(handOff).getByText(REASON)).toBeInTheDocument();
    expect(within(handOff).getByText(INSTRUCTIONS)).toBeInTheDocument();
    expect(controlState()).toBe('waiting');
    expect(handOff.querySelector('iframe')).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Take control' })).toHaveFocus();
    await expectAccessible(container);
  });

  it('Take control, Hand back with a note: the service gets {"done":true,"note"} once and the item leaves', async () => {
    const { service, taskId, user, container } = await waitingHandOff();
    await user.click(within(list()).getByRole('button'));
    await advance(0);
    await user.click(screen.getByRole('button', { name: 'Take control' }));
    expect(controlState()).toBe('held');
    await expectAccessible(container);
    await user.type(screen.getByRole('textbox', { name: 'Note for the agent (optional)' }), 'Ticked it');
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    await advance(0);
    expect(answersOf(service, taskId)).toEqual([JSON.stringify({ done: true, note: 'Ticked it' })]);
    await advance(2000);
    expect(screen.getByRole('heading', { name: 'Waiting for you (0)' })).toBeInTheDocument();
    expect(toolInputPosts(service)).toHaveLength(1);
  });

  it('"I could not do it" answers {"done":false}', async () => {
    const { service, taskId, user } = await waitingHandOff();
    await user.click(within(list()).getByRole('button'));
    await advance(0);
    await user.click(screen.getByRole('button', { name: 'Take control' }));
    await user.click(screen.getByRole('button', { name: 'I could not do it' }));
    await advance(0);
    expect(answersOf(service, taskId)).toEqual(['{"done":false}']);
  });
});

interface ControlCall {
  method: string;
  id: string;
  toolCallId: string | null;
  action: string | undefined;
}

/**
 * The proxy's control routes as the protocol has them, for one person (`ada`), in front of
 * `next`: who holds each hand-off, taken and released by lease. Records what reached it.
 */
function controlRoutes(next: (request: Request) => Promise<Response>) {
  const calls: ControlCall[] = [];
  const holders = new Map<string, { user: string; since: number }>();
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const match = /^\/control\/([^/]+)$/.exec(url.pathname);
    if (match === null) return next(request);
    const id = decodeURIComponent(match[1] ?? '');
    const body = request.method === 'POST' ? ((await request.json()) as { action: string; toolCallId?: string }) : undefined;
    calls.push({
      method: request.method,
      id,
      toolCallId: url.searchParams.get('toolCallId') ?? body?.toolCallId ?? null,
      action: body?.action,
    });
    if (body?.action === 'take' && !holders.has(id)) holders.set(id, { user: 'ada', since: Date.now() });
    if (body?.action === 'release') holders.delete(id);
    const you = body === undefined ? {} : { you: body.action === 'take' };
    return Response.json({ success: true, data: { holder: holders.get(id) ?? null, ttlMs: 5000, ...you } });
  };
  return { calls, fetch };
}

/** A run waiting on a `human_control` call and a proxy request of kind `control`, through a proxy's routes. */
function throughProxy() {
  const service = new FakeTaskClient()
    .script('listTasks', {
      value: { data: [{ id: 'task-1', status: 'active', readable_name: 'Check out' }], total: 1, page: 1, limit: 30 },
    })
    .script('getRunStatus', {
      value: runStatus('running', 'tool_call', { toolCallId: 'call-1', tool: { name: 'human_control', parameters: PARAMETERS } }),
    })
    .script('submitToolInput', { value: undefined });
  const requests = createRequestsDouble();
  const routes = controlRoutes(requests.fetch(fakeUpstream(service)));
  const client = createTaskClient({ baseUrl: 'http://proxy.test', fetch: routes.fetch, timeoutMs: 0 });
  const store = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0 });
  stores.push(store);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <TaskClientProvider client={client} store={store}>
      {children}
    </TaskClientProvider>
  );
  requests.open(
    humanControlRequest({ id: 'bb-1', source: 'browserbase', liveUrl: 'https://live.example.test/bb-1', reason: 'Log in to the bank' }),
    { openedAt: Date.now() + 1 },
  );
  return { service, routes, wrapper };
}

describe('Inbox through a proxy', () => {
  it('leases control of a call by task and toolCallId, and of a control request by its id', async () => {
    const { service, routes, wrapper } = throughProxy();
    const { container } = render(<Inbox />, { wrapper });
    await advance(0);
    await advance(2000);
    const [call, request] = within(list()).getAllByRole('button');
    expect(call).toHaveTextContent(REASON);
    expect(request).toHaveTextContent('Log in to the bank');
    const user = setupUser();

    await user.click(call!);
    await act(() => vi.dynamicImportSettled());
    await advance(0);
    await user.click(screen.getByRole('button', { name: 'Take control' }));
    await advance(0);
    expect(controlState()).toBe('held');
    expect(routes.calls).toContainEqual({ method: 'POST', id: 'task-1', toolCallId: 'call-1', action: 'take' });
    expect(routes.calls.every((made) => made.id === 'task-1' && made.toolCallId === 'call-1')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    await advance(0);
    expect(service.callsTo('submitToolInput').map((made) => made.args[1])).toEqual([{ input: '{"done":true}', toolCallId: 'call-1' }]);
    expect(routes.calls.at(-1)).toMatchObject({ id: 'task-1', action: 'release' });

    routes.calls.splice(0);
    await user.click(within(list()).getByRole('button', { name: /Log in to the bank/ }));
    await act(() => vi.dynamicImportSettled());
    await advance(1000);
    expect(routes.calls.length).toBeGreaterThan(0);
    expect(routes.calls.every((made) => made.id === 'bb-1' && made.toolCallId === null)).toBe(true);
    await expectAccessible(container);
  });
});
