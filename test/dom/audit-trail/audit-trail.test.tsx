/**
 * `<AuditTrail>` and `useAuditTrail` over `createTaskClient`'s `getAuditTrail`, with a `fetch` that
 * answers `GET /api/hitl/audit` as `createTaskProxy` does; and `<RunViewer>`'s "answered by" line.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTaskClient, type AuditEntry, type TaskClient } from '../../../src/client';
import { AuditTrail } from '../../../src/components/audit-trail';
import { RunViewer } from '../../../src/components/run-viewer';
import { MessagesProvider, TaskClientProvider } from '../../../src/context';
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
function proxyClient(respond: () => Response) {
  const asked: string[] = [];
  const client = createTaskClient({
    baseUrl: 'https://app.example.com/api/hitl',
    fetch: (request) => {
      asked.push(request.url);
      return Promise.resolve(respond());
    },
  });
  return { client, asked };
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
