/**
 * `<AuditTrail>` and `useAuditTrail` over `createTaskClient`'s `getAuditTrail`, with a `fetch` that
 * answers `GET /api/hitl/audit` as `createTaskProxy` does; and `<RunViewer>`'s "answered by" line.
 */
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTaskClient, type AuditEntry, type TaskClient } from '../../../src/client';
import { AuditTrail } from '../../../src/components/audit-trail';
import { RunViewer } from '../../../src/components/run-viewer';
import { MessagesProvider, TaskClientProvider } from '../../../src/context';
import { useAuditTrail } from '../../../src/hooks';
import { formatDateTime } from '../../../src/messages';
import { de } from '../../../src/messages/locales/de';
import { expectNoAxeViolations } from '../axe';
import { advance, installFakeClock, removeFakeClock } from '../hooks/hook-test-utils';
import { destroyStores, provider, simulator, startTask } from '../run-components/simulator-harness';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: '2026-03-02T12:03:00.000Z',
  user: 'ada@example.com',
  team: 'A',
  action: 'answer',
  taskId: 'task-1',
  runId: 'run-1',
  toolCallId: 'call-1',
  status: 200,
  outcome: 'accepted',
  ...over,
});

const TRAIL: AuditEntry[] = [
  entry({ at: '2026-03-02T12:05:00.000Z', action: 'stop_run', toolCallId: undefined }),
  entry({ user: 'cyd@example.com', status: 409, outcome: 'already_answered' }),
  entry({}),
  entry({ at: '2026-03-02T12:00:00.000Z', action: 'create_task', runId: undefined, toolCallId: undefined }),
];

/** A client of a proxy whose audit trail answers with `respond`, one call at a time; it records the URLs asked. */
function proxyClient(respond: (url: URL) => Response | Promise<Response>) {
  const asked: string[] = [];
  const client = createTaskClient({
    baseUrl: 'https://app.example.com/api/hitl',
    fetch: (request) => {
      asked.push(request.url);
      return Promise.resolve(respond(new URL(request.url)));
    },
  });
  return { client, asked };
}

/** The team's trail, newest first: `count` entries over three tasks, the first two named. */
function teamTrail(count: number): AuditEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const task = index % 3;
    return entry({
      id: `e${count - index}`,
      at: new Date(Date.parse('2026-03-02T12:00:00.000Z') - index * 60_000).toISOString(),
      user: index % 2 === 0 ? 'ada@example.com' : 'cyd@example.com',
      taskId: `task-${task}`,
      ...(task === 2 ? {} : { taskName: ['Refund order 1138', 'Log in to the bank'][task] }),
    });
  });
}

/** A proxy's `GET /audit` over `trail`: pages of `limit` (default 2) below `before`, as `createTaskProxy` serves them. */
function pagedAudit(trail: AuditEntry[]) {
  return (url: URL) => {
    const limit = Number(url.searchParams.get('limit') ?? 2);
    const before = url.searchParams.get('before');
    const start = before === null ? 0 : trail.findIndex((one) => one.id === before) + 1;
    const data = trail.slice(start, start + limit);
    const next = start + limit < trail.length ? data.at(-1)?.id : undefined;
    return json({ success: true, data, ...(next === undefined ? {} : { next }) });
  };
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

function renderTrail(client: TaskClient, taskId = 'task-1') {
  return render(
    <TaskClientProvider client={client}>
      <AuditTrail taskId={taskId} />
    </TaskClientProvider>,
  );
}

describe('<AuditTrail>', () => {
  it("lists the task's history, newest first, as a table named by its heading, with localised times", async () => {
    const { client, asked } = proxyClient(() => json({ success: true, data: TRAIL }));
    const { container } = renderTrail(client);
    const table = await screen.findByRole('table', { name: 'History' });
    expect(asked).toEqual(['https://app.example.com/api/hitl/audit?taskId=task-1']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [formatDateTime(Date.parse(TRAIL[0]!.at), undefined), 'ada@example.com', 'Stopped the run', 'Done'],
      [formatDateTime(Date.parse(TRAIL[1]!.at), undefined), 'cyd@example.com', 'Answered', 'Someone had already answered'],
      [formatDateTime(Date.parse(TRAIL[2]!.at), undefined), 'ada@example.com', 'Answered', 'Done'],
      [formatDateTime(Date.parse(TRAIL[3]!.at), undefined), 'ada@example.com', 'Created the task', 'Done'],
    ]);
    expect(within(rows[0]!).getByText(formatDateTime(Date.parse(TRAIL[0]!.at), undefined))).toHaveAttribute('datetime', TRAIL[0]!.at);
    expect(screen.getByRole('region', { name: 'History' })).toHaveAttribute('data-state', 'ready');
    await expectNoAxeViolations(container);
  });

  it('says so when nothing was recorded', async () => {
    const { client } = proxyClient(() => json({ success: true, data: [] }));
    const { container } = renderTrail(client);
    expect(await screen.findByText('Nothing has been done through this app yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('announces a failure and reads the trail again on "Try again"', async () => {
    let fail = true;
    const { client, asked } = proxyClient(() =>
      fail
        ? json({ success: false, error: 'The audit trail cannot be read now; try again.' }, 503)
        : json({ success: true, data: TRAIL.slice(3) }),
    );
    const { container } = renderTrail(client);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the history');
    await expectNoAxeViolations(container);
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Created the task' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('shows agent-made and user-made values as text only, and in the locale of <MessagesProvider>', async () => {
    const { client } = proxyClient(() => json({ success: true, data: [entry({ user: '<img src=x onerror=alert(1)>' })] }));
    const { container } = render(
      <MessagesProvider messages={de}>
        <TaskClientProvider client={client}>
          <AuditTrail taskId="task-1" />
        </TaskClientProvider>
      </MessagesProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Verlauf' });
    expect(within(table).getByRole('cell', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Geantwortet' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('<AuditTrail> of the whole team', () => {
  it("shows the team's activity without a taskId, each entry naming its task, and loads older entries by keyboard", async () => {
    const trail = teamTrail(5);
    const { client, asked } = proxyClient(pagedAudit(trail));
    const { container } = render(
      <TaskClientProvider client={client}>
        <AuditTrail limit={2} />
      </TaskClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Team activity' });
    expect(asked).toEqual(['https://app.example.com/api/hitl/audit?limit=2']);
    const cellsOf = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'Who', 'Task', 'What', 'Outcome']);
    expect(cellsOf()).toEqual(['Refund order 1138', 'Log in to the bank']);
    await expectNoAxeViolations(container);

    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'Load more' });
    // Reached by keyboard, and pressed with Enter.
    await user.tab();
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cellsOf()).toHaveLength(4));
    expect(asked[1]).toBe('https://app.example.com/api/hitl/audit?limit=2&before=e4');
    // An entry without a name shows its task's id.
    expect(cellsOf()).toEqual(['Refund order 1138', 'Log in to the bank', 'task-2', 'Refund order 1138']);
    // Focus moves to the first entry it added, so reading goes on from there (and stays: a browser
    // drops focus from an element that stops being focusable).
    expect(within(table).getAllByRole('row')[3]).toHaveFocus();
    expect(within(table).getAllByRole('row')[3]).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cellsOf()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')[5]).toHaveFocus();
    await expectNoAxeViolations(container);
  });

  it('takes a heading of its own, and a task\'s trail keeps "History" and no task column', async () => {
    const { client } = proxyClient(pagedAudit(teamTrail(2)));
    render(
      <TaskClientProvider client={client}>
        <AuditTrail heading="Support team" />
        <AuditTrail taskId="task-0" />
      </TaskClientProvider>,
    );
    expect(await screen.findByRole('table', { name: 'Support team' })).toBeInTheDocument();
    const task = await screen.findByRole('table', { name: 'History' });
    expect(within(task).queryByRole('columnheader', { name: 'Task' })).not.toBeInTheDocument();
  });

  it("names a request of the proxy's requests by its id, and says what became of it", async () => {
    const request = (over: Partial<AuditEntry>) =>
      entry({ taskId: '', runId: undefined, toolCallId: undefined, requestId: 'el-7', ...over });
    const trail = [
      request({ action: 'answer_request', status: 410, outcome: 'request_ended' }),
      request({ action: 'expire_request', user: '' }),
      request({ action: 'open_request', user: '' }),
    ];
    const { client } = proxyClient(() => json({ success: true, data: trail }));
    const { container } = render(
      <TaskClientProvider client={client}>
        <AuditTrail />
      </TaskClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Team activity' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(2)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['el-7', 'Answered the request', 'The request had ended'],
      ['el-7', 'Request expired', 'Done'],
      ['el-7', 'Request opened', 'Done'],
    ]);
    await expectNoAxeViolations(container);
  });

  it('says who took control of a hand-off and how long they held it before they gave it back, their page went or it ended', async () => {
    const control = (over: Partial<AuditEntry>) => entry({ runId: undefined, ...over });
    const trail = [
      control({ action: 'release_control', durationMs: 3_900_400, outcome: 'accepted' }),
      control({ action: 'release_control', user: 'cyd@example.com', durationMs: 123_000, outcome: 'lapsed' }),
      control({ action: 'release_control', user: 'cyd@example.com', durationMs: 4000, outcome: 'ended' }),
      // A duration that is no duration is left out, not shown.
      { ...control({ action: 'release_control' }), durationMs: -5 },
      control({ action: 'take_control', user: 'cyd@example.com' }),
    ];
    const { client } = proxyClient(() => json({ success: true, data: trail }));
    const { container } = render(
      <TaskClientProvider client={client}>
        <AuditTrail taskId="task-1" locale="en-US" />
      </TaskClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'History' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['ada@example.com', 'Released control after 1 hr 5 min', 'Done'],
      ['cyd@example.com', 'Released control after 2 min 3 sec', 'Their page went away'],
      ['cyd@example.com', 'Released control after 4 sec', 'The hand-off ended'],
      ['ada@example.com', 'Released control', 'Done'],
      ['cyd@example.com', 'Took control', 'Done'],
    ]);
    await expectNoAxeViolations(container);
  });

  it('keeps what it showed when older entries fail to load, says so, and loads them on "Try again"', async () => {
    const trail = teamTrail(3);
    let fail = true;
    const { client } = proxyClient((url) =>
      url.searchParams.has('before') && fail
        ? json({ success: false, error: 'The audit trail cannot be read now; try again.' }, 503)
        : pagedAudit(trail)(url),
    );
    const { container } = render(
      <TaskClientProvider client={client}>
        <AuditTrail limit={2} />
      </TaskClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Team activity' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the history');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await expectNoAxeViolations(container);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')[3]).toHaveFocus();
  });
});

describe('useAuditTrail', () => {
  it("reads the team's trail without a taskId, a page at a time, and refetch starts again from the newest", async () => {
    const trail = teamTrail(3);
    const { client, asked } = proxyClient(pagedAudit(trail));
    const { result } = renderHook(() => useAuditTrail({ limit: 2 }), {
      wrapper: ({ children }) => <TaskClientProvider client={client}>{children}</TaskClientProvider>,
    });
    await waitFor(() => expect(result.current.data).toHaveLength(2));
    expect(result.current).toMatchObject({ hasNextPage: true, isFetchingNextPage: false, error: undefined });
    let all: AuditEntry[] = [];
    await act(async () => {
      all = await result.current.fetchNextPage();
    });
    expect(all.map((one) => one.id)).toEqual(['e3', 'e2', 'e1']);
    expect(result.current.data).toEqual(all);
    expect(result.current.hasNextPage).toBe(false);
    // A page with nothing after it: nothing more is asked.
    await act(() => result.current.fetchNextPage());
    expect(asked).toHaveLength(2);
    await act(() => result.current.refetch());
    expect(result.current.data?.map((one) => one.id)).toEqual(['e3', 'e2']);
    expect(result.current.hasNextPage).toBe(true);
  });

  it('reads nothing with enabled: false', async () => {
    const { client, asked } = proxyClient(pagedAudit(teamTrail(1)));
    const { result } = renderHook(() => useAuditTrail({ enabled: false }, client));
    await act(() => Promise.resolve());
    expect(result.current).toMatchObject({ data: undefined, isLoading: false, hasNextPage: false });
    expect(asked).toEqual([]);
  });
});

describe("<RunViewer>'s answered-by line", () => {
  beforeEach(installFakeClock);
  afterEach(() => {
    removeFakeClock();
    destroyStores();
  });

  it("says who answered the run's call and when, once the trail has it", async () => {
    const service = simulator();
    const { taskId, runId } = await startTask(service, 'Log in to the shop');
    const answeredAt = '2026-03-02T12:03:00.000Z';
    const client: TaskClient = {
      ...service.client,
      // A client of its own with a trail of one page, read by task.
      getAuditPage: undefined,
      getAuditTrail: () => Promise.resolve([entry({ taskId, runId, at: answeredAt })]),
    };
    const { wrapper } = provider(client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    const time = formatDateTime(Date.parse(answeredAt), 'en', { timeStyle: 'short' });
    expect(screen.getByText(`Answered by ada@example.com · ${time}`)).toBeInTheDocument();
  });

  it('shows nothing when the client has no trail', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    expect(screen.queryByText(/Answered by/)).not.toBeInTheDocument();
  });
});
