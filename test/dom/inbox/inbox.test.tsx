import { render, screen, within } from '@testing-library/react';
import { Inbox } from '../../../src/components/inbox';
import { RunViewer } from '../../../src/components/run-viewer';
import type { ToolCall } from '../../../src/client';
import { useDocumentTitleCount } from '../../../src/hooks';
import { FakeTaskClient, networkError, processing, runStatus, waitingFor, type RecordedCall } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from '../run-components/axe-with-fake-timers';

beforeEach(installFakeClock);
afterEach(removeFakeClock);

const tasks = [
  { id: 'task-1', status: 'active', readable_name: 'Log in to Acme' },
  { id: 'task-2', status: 'active', readable_name: 'Pick a colour' },
  { id: 'task-3', status: 'active', readable_name: 'Busy task' },
];

/** task-2 waits from the start, task-1 from 1 s later (so task-2 is the oldest); task-3 is busy. */
function service(waiting: Set<string> = new Set(['task-1', 'task-2'])) {
  let started = false;
  return new FakeTaskClient()
    .script('listTasks', { value: { data: tasks, total: tasks.length, page: 1, limit: 30 } })
    .script('getRunStatus', (call: RecordedCall) => {
      const taskId = call.args[0] as string;
      if (taskId === 'task-2' && waiting.has(taskId))
        return {
          value: runStatus('running', 'tool_call', { toolCallId: 'call-2', tool: { name: 'pick', parameters: { colour: 'red' } } }),
        };
      if (taskId === 'task-1' && waiting.has(taskId) && started) return { value: waitingFor('call-1') };
      if (taskId === 'task-1') started = true;
      return { value: processing() };
    })
    .script('submitToolInput', { value: undefined });
}

const inbox = () => screen.getByRole('region', { name: /Waiting for you/ });
const items = () => within(screen.getByRole('list', { name: 'Tool calls waiting for your answer' })).getAllByRole('button');

describe('Inbox', () => {
  it('lists the waiting calls oldest first, with task, tool, title and a ticking wait', async () => {
    const { wrapper } = harness(service());
    const view = render(<Inbox />, { wrapper });
    expect(inbox()).toHaveAttribute('data-state', 'loading');
    await advance(0);
    await advance(2000);
    expect(screen.getByRole('heading', { name: 'Waiting for you (2)' })).toBeInTheDocument();
    expect(items().map((item) => item.textContent)).toEqual([
      'Pick a colourPickcolour: redwaiting for 2 sec',
      'Log in to AcmeSign inwaiting for 0 sec',
    ]);
    await advance(120_000);
    expect(items()[0]).toHaveTextContent('waiting for 2 min');
    await expectAccessible(view.container);
  });

  it('moves between items with the arrow keys, opens one with Enter, and sends its answer once', async () => {
    const client = service();
    const { wrapper } = harness(client);
    render(<Inbox />, { wrapper });
    await advance(0);
    await advance(2000);
    const user = setupUser();
    await user.tab();
    expect(items()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items()[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{End}');
    expect(items()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(items()[1]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveFocus();
    await user.keyboard('ada');
    await user.tab();
    await user.keyboard('secret');
    await user.keyboard('{Enter}');
    await advance(0);
    expect(client.callsTo('submitToolInput')).toHaveLength(1);
    expect(items()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Waiting for you (1)' })).toBeInTheDocument();
  });

  it('names a tool in words, never by its raw name, and a form by its heading as text', async () => {
    const calls: Record<string, ToolCall> = {
      'task-1': { toolCallId: 'c1', tool: { name: 'form_input', parameters: { heading: '<b>Ship</b> it', fields: [] } } },
      'task-2': { toolCallId: 'c2', tool: { name: 'form_input', parameters: { fields: [{ type: 'text', label: 'Name' }] } } },
      'task-3': { toolCallId: 'c3', tool: { name: 'approvePurchase', parameters: {} } },
    };
    const client = new FakeTaskClient()
      .script('listTasks', { value: { data: tasks, total: tasks.length, page: 1, limit: 30 } })
      .script('getRunStatus', (call: RecordedCall) => ({ value: runStatus('running', 'tool_call', calls[call.args[0] as string]) }));
    const { wrapper } = harness(client);
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    await advance(2000);
    const tools = items().map((item) => item.querySelector('.hitl-inbox-tool')?.textContent);
    // Same wait: ordered by task name (Busy task, Log in to Acme, Pick a colour).
    expect(tools).toEqual(['Approve purchase', '<b>Ship</b> it', 'Form']);
    // A form without a heading is titled by its fields' labels.
    expect(items()[2]).toHaveTextContent('FormName');
    expect(view.container.querySelector('b')).toBeNull();
    expect(inbox()).not.toHaveTextContent('form_input');

    view.rerender(<Inbox toolLabel={(item) => (item.toolName === 'form_input' ? 'Questionnaire' : 'Purchase')} />);
    expect(items().map((item) => item.querySelector('.hitl-inbox-tool')?.textContent)).toEqual([
      'Purchase',
      'Questionnaire',
      'Questionnaire',
    ]);
    // The heading, no longer the tool's name, is shown as the title again.
    expect(items()[1]).toHaveTextContent('Questionnaire<b>Ship</b> it');
  });

  it('calls onOpen instead of opening the form in place', async () => {
    const onOpen = vi.fn();
    const { wrapper } = harness(service());
    render(<Inbox onOpen={onOpen} />, { wrapper });
    await advance(0);
    await advance(2000);
    await setupUser().click(items()[0] as HTMLElement);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ taskId: 'task-2', toolName: 'pick' }));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says when nothing waits, and announces each new arrival once', async () => {
    const waiting = new Set<string>();
    const { wrapper } = harness(service(waiting));
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    expect(screen.getByText('Nothing is waiting for you.')).toBeInTheDocument();
    await expectAccessible(view.container);
    waiting.add('task-2');
    await advance(2000);
    const status = within(inbox()).getByRole('status');
    expect(status).toHaveTextContent('Pick a colour is waiting for you: colour: red');
    await advance(4000);
    expect(within(inbox()).getAllByRole('status')).toHaveLength(1);
    expect(status).toHaveTextContent('Pick a colour is waiting for you: colour: red');
  });

  it('shows the task list error with a retry', async () => {
    const client = new FakeTaskClient().script(
      'listTasks',
      { error: new Error('service down') },
      { value: { data: [], total: 0, page: 1, limit: 30 } },
    );
    const { wrapper } = harness(client);
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    expect(inbox()).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the inbox: service down');
    await expectAccessible(view.container);
    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(screen.getByText('Nothing is waiting for you.')).toBeInTheDocument();
  });

  it('shows no count beside an error that left nothing to list', async () => {
    const client = new FakeTaskClient().script('listTasks', { error: new Error('Invalid API key') });
    const { wrapper } = harness(client);
    const view = render(<Inbox />, { wrapper });
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toBeInTheDocument();
    await advance(0);
    expect(inbox()).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the inbox: Invalid API key');
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toBeInTheDocument();
    expect(inbox()).not.toHaveTextContent('(0)');
    await expectAccessible(view.container);
  });

  it('says when the service cannot be reached any more, and since when the list is old', async () => {
    let down = false;
    const client = new FakeTaskClient()
      .script('listTasks', () => (down ? { error: networkError() } : { value: { data: tasks, total: tasks.length, page: 1, limit: 30 } }))
      .script('getRunStatus', (call: RecordedCall) => {
        if (down) return { error: networkError() };
        return { value: call.args[0] === 'task-3' ? processing() : waitingFor(`call-${String(call.args[0])}`) };
      });
    const { wrapper } = harness(client);
    render(<Inbox />, { wrapper });
    await advance(0);
    await advance(2000);
    expect(screen.getByRole('heading', { name: 'Waiting for you (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    down = true;
    await advance(2000);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^Could not load the inbox: .+\. Last updated \d+ sec ago\.Retry$/);
    await advance(60_000);
    expect(screen.getByRole('alert')).toHaveTextContent(/Last updated 1 min ago\./);

    down = false;
    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Waiting for you (2)' })).toBeInTheDocument();
  });

  it('calls onToolCallWaiting once per call', async () => {
    const onToolCallWaiting = vi.fn();
    const { wrapper } = harness(service());
    render(<Inbox onToolCallWaiting={onToolCallWaiting} />, { wrapper });
    await advance(0);
    await advance(6000);
    expect(onToolCallWaiting.mock.calls.map(([item]) => (item as { taskId: string }).taskId)).toEqual(['task-2', 'task-1']);
  });
});

describe('useDocumentTitleCount', () => {
  function Title({ count }: { count: number }) {
    useDocumentTitleCount(count);
    return null;
  }
  it('shows the count while above 0 and puts the title back', () => {
    document.title = 'My app';
    const view = render(<Title count={3} />);
    expect(document.title).toBe('(3) My app');
    view.rerender(<Title count={1} />);
    expect(document.title).toBe('(1) My app');
    view.rerender(<Title count={0} />);
    expect(document.title).toBe('My app');
    view.rerender(<Title count={2} />);
    view.unmount();
    expect(document.title).toBe('My app');
  });
});

describe('RunViewer waiting time', () => {
  it('says how long the call has waited, ticking', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: waitingFor('call-1') });
    const { wrapper } = harness(client);
    render(<RunViewer taskId="task-1" />, { wrapper });
    await advance(0);
    expect(screen.getByText(/Waiting for you for 0 sec/)).toBeInTheDocument();
    await advance(125_000);
    expect(screen.getByText(/Waiting for you for 2 min/)).toBeInTheDocument();
  });
});
