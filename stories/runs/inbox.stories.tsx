import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HITLRequest, Interrupt } from 'langchain';
import { expect, fn, within } from 'storybook/test';
import { createTaskClient, Inbox, type InboxProps, type RunStore } from '../../src';
import { fromInterrupt } from '../../src/adapters/langgraph';
import { fromElicitation } from '../../src/adapters/mcp';
import { InboxObserver } from '../../src/store-entry';
import { DEFAULT_SIMULATOR_API_KEY, SIMULATOR_ORIGIN, type SimulatedService } from '../../src/testing';
import { createRequestsDouble, type RequestsDouble } from '../../scripts/lib/requests-double';
import { inboxRequestPartsLoaded } from '../support/loaded';
import { LOGIN_TASK, releaseSimulator, simulate, startTask, untilToolCall, withSimulator, type StoryClock } from '../support/simulator';

const LIST_TASKS = { method: 'GET', path: '/api/v1/tasks' };

/** `count` login runs, all waiting for their form, and one run still busy. */
async function waitingRuns(service: SimulatedService, clock: StoryClock, count: number) {
  const runs = [];
  for (let index = 0; index < count; index += 1) runs.push(await startTask(service, LOGIN_TASK));
  // Started on the same clock, every run reaches its form at the same step.
  const first = runs[0];
  if (first !== undefined) await untilToolCall(service, clock, first);
  await service.client.createTask({ task: 'Compare lightweight laptops under €1,200', agent: 'BROWSER_AGENT' });
  return undefined;
}

/**
 * Resolves once the store holds what `<Inbox>` shows: the task list's pages, `count` waiting calls
 * and the proxy's requests, or a failure (which the story then shows, and its `play` names). The
 * requests can be answered after the last status, and a request still out when this stops watching
 * is aborted: the inbox would then ask again as it mounts, beside its first render of every item.
 */
function readInbox(store: RunStore, count: number): Promise<void> {
  const observer = new InboxObserver(store, {});
  return new Promise((resolve) => {
    let done = false;
    const check = () => {
      const { count: waiting, error, isLoading } = observer.getSnapshot();
      if (done || ((isLoading || waiting < count) && error === undefined)) return;
      done = true;
      resolve();
      // Once `subscribe` has returned: the first check may run inside it. Unwatched, the store
      // keeps what it read, and the inbox's own watchers poll on from there.
      queueMicrotask(() => off());
    };
    const off = observer.subscribe(check);
    check();
  });
}

const meta = {
  title: 'Runs/Inbox',
  component: Inbox,
  tags: ['autodocs'],
  decorators: [withSimulator],
  beforeEach: releaseSimulator,
  args: { onToolCallWaiting: fn<NonNullable<InboxProps['onToolCallWaiting']>>() },
  argTypes: {
    onOpen: { table: { category: 'Events' } },
    onToolCallWaiting: { table: { category: 'Events' } },
    client: { control: false },
  },
} satisfies Meta<typeof Inbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No agent waits: the empty state. */
export const Empty: Story = {
  loaders: [simulate({ setup: ({ service }) => void service.client.createTask({ task: 'Book the Lisbon trip', agent: 'BROWSER_AGENT' }) })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nothing is waiting for you.')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Waiting for you (0)' })).toBeVisible();
  },
};

/** Three runs wait for their login form, one is busy: three items. Arrow keys move, Enter opens the form in place. */
export const WithItems: Story = {
  loaders: [simulate({ setup: ({ service, clock }) => waitingRuns(service, clock, 3) })],
  play: async ({ args, canvas, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Tool calls waiting for your answer' });
    // The count once every source answered: the service's calls and the proxy's requests (none here).
    await expect(await canvas.findByRole('heading', { name: 'Waiting for you (3)' })).toBeVisible();
    const items = within(list).getAllByRole('button');
    await expect(items).toHaveLength(3);
    await expect(args.onToolCallWaiting).toHaveBeenCalledTimes(3);
    await userEvent.tab();
    await expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('textbox', { name: /Username/ })).toHaveFocus();
    // Close shares the submit button's line, after it, without covering it.
    const submit = canvas.getByRole('button', { name: 'Sign in' }).getBoundingClientRect();
    const close = canvas.getByRole('button', { name: 'Close' }).getBoundingClientRect();
    await expect(Math.abs(close.bottom - submit.bottom)).toBeLessThan(2);
    await expect(close.left).toBeGreaterThan(submit.right);
  },
};

/** The task list cannot be loaded: the error, with Retry. */
export const WithError: Story = {
  loaders: [
    simulate({
      setup: ({ service }) => {
        service.faults.inject({ type: 'http-503', match: LIST_TASKS, times: Infinity });
        return undefined;
      },
    }),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not load the inbox');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** An MCP server's elicitation (`elicitation/create`, form mode), as its client handler receives it. */
const bookTable: ElicitRequestFormParams = {
  mode: 'form',
  message: 'To book your table, the restaurant needs a few details.',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2 },
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
    },
    required: ['name', 'guests'],
  },
};

/** `result.__interrupt__[0]` of a LangChain agent with `humanInTheLoopMiddleware`: the model called `send_email`. */
const sendEmail: Interrupt<HITLRequest> = {
  id: 'b3c1f0e2a9d84c51',
  value: {
    actionRequests: [
      {
        name: 'send_email',
        args: { to: 'team@example.com', subject: 'Weekly report' },
        description: 'Send the weekly report to the team.',
      },
    ],
    reviewConfigs: [{ actionName: 'send_email', allowedDecisions: ['approve', 'reject'] }],
  },
};

/**
 * A story's service and, in front of it, the proxy's requests (`GET /requests`,
 * `POST /requests/{id}/answer`) as `createTaskProxy` serves them: what `proxy.requests.open`
 * opened is listed beside the service's calls. The inbox's store holds them (`waiting` items)
 * before the story renders, and the parts a request loads when first opened are loaded: a `play`
 * then waits only for what the person does, not for polls and chunks on a busy machine.
 */
function withRequests(waiting: number, setup: (service: SimulatedService, clock: StoryClock, requests: RequestsDouble) => Promise<void>) {
  return async () => {
    const requests = createRequestsDouble();
    const [{ simulator }] = await Promise.all([
      simulate({
        setup: async ({ service, clock }) => {
          await setup(service, clock, requests);
          return undefined;
        },
        client: (service) =>
          createTaskClient({
            baseUrl: SIMULATOR_ORIGIN,
            apiKey: DEFAULT_SIMULATOR_API_KEY,
            fetch: requests.fetch((request) => service.fetch(request)),
            timeoutMs: 0,
          }),
        preload: (store) => readInbox(store, waiting),
      })(),
      inboxRequestPartsLoaded(),
    ]);
    return { simulator, requests };
  };
}

const requestsOf = (loaded: Record<string, unknown>) => loaded.requests as RequestsDouble;

/** An item's lines as the list shows them before it is opened: who asks, what, what for. */
const linesOf = (item: HTMLElement) =>
  [...item.querySelectorAll('.hitl-inbox-task, .hitl-inbox-tool, .hitl-inbox-title')].map((line) => line.textContent);

/**
 * One inbox for every agent: a run of the task service waiting for its sign-in form, an MCP
 * server's elicitation (a form, with a deadline) and a LangChain agent's approval, each opened by
 * `proxy.requests.open(request, { team })` on the server and listed oldest first. Each says, before
 * it is opened, who asks (the server's name given as `requestedBy`, else the source's: "LangGraph
 * agent"), what (the tool the agent would call, the form's heading) and what for (the tool call's
 * description, the server's message). A request opens its `<HumanRequestPrompt>` in place, whose
 * footer says who asks, and its answer goes to the proxy once.
 */
export const WithFrameworkRequests: Story = {
  loaders: [
    withRequests(3, async (service, clock, requests) => {
      requests.open(fromInterrupt(sendEmail), { openedAt: Date.now() - 4 * 60_000 });
      await untilToolCall(service, clock, await startTask(service, LOGIN_TASK));
      requests.open(
        { ...fromElicitation(bookTable, { id: 7 }), requestedBy: 'Bistro Lumière' },
        { openedAt: Date.now() - 30_000, expiresAt: Date.now() + 10 * 60_000 },
      );
    }),
  ],
  play: async ({ canvas, loaded, userEvent }) => {
    const list = await canvas.findByRole('list', { name: 'Requests waiting for your answer' });
    await expect(canvas.getByRole('heading', { name: 'Waiting for you (3)' })).toBeVisible();
    const items = within(list).getAllByRole('button');
    // Oldest first: the approval (4 min), the elicitation (30 s), the service's form (seen as the page opened).
    await expect(items.slice(0, 2).map(linesOf)).toEqual([
      ['LangGraph agent', 'send_email', 'Send the weekly report to the team.'],
      ['Bistro Lumière (MCP server)', 'Input requested', 'To book your table, the restaurant needs a few details.'],
    ]);
    await expect(items[1]).toHaveTextContent(/expires in (9|10) min/);
    await expect(items[2]).toHaveTextContent(/Sign in/);
    await userEvent.click(within(list).getByRole('button', { name: /Bistro Lumière/ }));
    await userEvent.type(await canvas.findByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
    await expect(canvas.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription(
      'Requested by Bistro Lumière. Check it before you answer.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByRole('heading', { name: 'Waiting for you (2)' })).toBeVisible();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const [sent] = requestsOf(loaded).answers;
    await expect(requestsOf(loaded).answers).toHaveLength(1);
    await expect(sent?.answer).toEqual({ requestId: sent?.id, action: 'accept', content: { name: 'Ada Lovelace', guests: 2 } });
  },
};

/**
 * A request a colleague answered meanwhile: no longer counted nor listed with what waits, but
 * below it, saying who answered and when, for about a minute.
 */
export const WithRequestAnsweredElsewhere: Story = {
  loaders: [
    withRequests(1, async (_service, _clock, requests) => {
      requests.open(fromInterrupt(sendEmail), { openedAt: Date.now() - 4 * 60_000 });
      requests.open(
        { ...fromElicitation(bookTable, { id: 8 }), requestedBy: 'Bistro Lumière' },
        { openedAt: Date.now() - 30_000, expiresAt: Date.now() + 10 * 60_000 },
      );
      requests.answerElsewhere(fromInterrupt(sendEmail).id, 'ada@example.com', Date.now() - 20_000);
      await Promise.resolve();
    }),
  ],
  play: async ({ canvas }) => {
    const waiting = await canvas.findByRole('list', { name: 'Requests waiting for your answer' });
    await expect(canvas.getByRole('heading', { name: 'Waiting for you (1)' })).toBeVisible();
    await expect(within(waiting).getAllByRole('listitem')).toHaveLength(1);
    const ended = canvas.getByRole('list', { name: 'No longer waiting' });
    await expect(within(ended).getByRole('button', { name: /send_email/ })).toHaveTextContent(/Answered by ada@example\.com/);
  },
};

/** Two hundred waiting runs, over seven pages of the task list. */
export const TwoHundredItems: Story = {
  loaders: [
    simulate({
      setup: ({ service, clock }) => waitingRuns(service, clock, 200),
      // Read before the inbox shows, as by an app the person comes back to: otherwise the count
      // climbs to 200 one status (and one render of the list) at a time, over seconds.
      preload: (store) => readInbox(store, 200),
    }),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Waiting for you (200)' })).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Tool calls waiting for your answer' });
    await expect(within(list).getAllByRole('button')).toHaveLength(200);
  },
};
