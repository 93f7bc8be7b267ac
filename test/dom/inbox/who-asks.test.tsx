/**
 * `<Inbox>` says what asks and what for, in the words of whatever asked: the source's name (or the
 * server's or agent's, `requestedBy`), the tool or action and its description, or the message, in
 * the list itself, before an item is opened; not the task service's "tool calls" and "automation
 * agent". Its count and its list of what waits change in the same render.
 */
import { render, screen, within } from '@testing-library/react';
import { Inbox } from '../../../src/components/inbox';
import { MessagesProvider } from '../../../src/context';
import { de } from '../../../src/messages/locales/de';
import type { HumanApprovalRequest, HumanSchemaRequest } from '../../../src/request';
import { FakeTaskClient } from '../../node/store/fake-task-client';
import { advance, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from '../run-components/axe-with-fake-timers';
import { opened, requestsInbox, withRequestsInbox } from './requests-inbox';

withRequestsInbox();

/** What `fromInterrupt` makes of a LangChain agent's `humanInTheLoopMiddleware` interrupt: no title, the tool and its description. */
const weeklyReport: HumanApprovalRequest = {
  kind: 'approval',
  id: 'interrupt-report',
  source: 'langgraph',
  actions: [{ name: 'send_email', args: { to: 'team@example.com' }, description: 'Send the weekly report' }],
};

/** Another interrupt of the same agent, of two tool calls. */
const cleanUp: HumanApprovalRequest = {
  kind: 'approval',
  id: 'interrupt-clean-up',
  source: 'langgraph',
  actions: [
    { name: 'delete_file', args: { path: '/tmp/old.csv' }, description: 'Remove last month’s export' },
    { name: 'send_email', args: { to: 'ops@example.com' } },
  ],
};

/** What `fromElicitation` makes of an MCP server's `elicitation/create`, with the server's name. */
const table: HumanSchemaRequest = {
  kind: 'form',
  id: 'elicit-table',
  source: 'mcp',
  requestedBy: 'Bistro Lumière',
  message: 'To book your table, the restaurant needs a few details.',
  schema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } }, required: ['name'] },
  allows: { decline: true, cancel: true },
};

/** The proxy's requests in front of a service with no task waiting. */
const setup = () => requestsInbox(new FakeTaskClient().script('listTasks', { value: { data: [], total: 0, page: 1, limit: 30 } }));

const list = (name: string | RegExp = 'Requests waiting for your answer') => screen.getByRole('list', { name });
/** An item's lines: who asks, what, what for (and its times). */
const lines = (button: HTMLElement) =>
  [...button.querySelectorAll('.hitl-inbox-task, .hitl-inbox-tool, .hitl-inbox-title')].map((line) => line.textContent);

describe('<Inbox> names what asks and what for', () => {
  it('lists a LangChain approval by its tool and description, and an MCP request by its server and message', async () => {
    const { double, wrapper } = setup();
    double.open(weeklyReport, { openedAt: Date.now() - 3000 });
    double.open(cleanUp, { openedAt: Date.now() - 2000 });
    double.open({ ...table, requestedBy: 'Bistro Lumière\n  <b>Paris</b>' }, { openedAt: Date.now() - 1000 });
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    const items = within(list()).getAllByRole('button');
    expect(items.map(lines)).toEqual([
      ['LangGraph agent', 'send_email', 'Send the weekly report'],
      ['LangGraph agent', 'delete_file +1 more', 'Remove last month’s export'],
      // The server's name as text, on one line.
      ['Bistro Lumière <b>Paris</b> (MCP server)', 'Input requested', 'To book your table, the restaurant needs a few details.'],
    ]);
    expect(view.container.querySelector('b')).toBeNull();
    // Told apart by name, before any is opened.
    expect(within(list()).getByRole('button', { name: /send_email.*Send the weekly report/ })).toBe(items[0]);
    await expectAccessible(view.container);
  });

  it('says "requests" and who asks, never the task service’s "tool calls" or "automation agent", down to the opened prompt', async () => {
    const { double, wrapper } = setup();
    double.open(weeklyReport, { openedAt: Date.now() - 2000 });
    double.open(table, { openedAt: Date.now() - 1000 });
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    const inbox = screen.getByRole('region', { name: 'Waiting for you (2)' });
    expect(list()).toBeInTheDocument();
    const user = setupUser();
    await user.click(within(list()).getByRole('button', { name: /send_email/ }));
    await opened();
    await screen.findByRole('button', { name: 'Approve' });
    const prompt = screen.getByRole('region', { name: 'Approval requested' });
    expect(within(prompt).getByText('Requested by LangGraph agent. Check it before you answer.')).toBeVisible();
    expect(inbox).not.toHaveTextContent(/tool call|automation agent/i);
    await expectAccessible(view.container);

    await user.click(within(list()).getByRole('button', { name: /Bistro Lumière/ }));
    await advance(0);
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription(
      'Requested by Bistro Lumière. Check it before you answer.',
    );
    expect(screen.getByRole('region', { name: 'Input requested' })).toBeVisible();
    expect(inbox).not.toHaveTextContent(/tool call|automation agent/i);
  });

  it('says it in the locale’s words', async () => {
    const { double, wrapper } = setup();
    double.open(weeklyReport, { openedAt: Date.now() - 2000 });
    double.open(table, { openedAt: Date.now() - 1000 });
    render(
      <MessagesProvider messages={de}>
        <Inbox />
      </MessagesProvider>,
      { wrapper },
    );
    await advance(0);
    const items = within(list('Anfragen, die auf Ihre Antwort warten')).getAllByRole('button');
    expect(items.map(lines)).toEqual([
      ['LangGraph-Agent', 'send_email', 'Send the weekly report'],
      ['Bistro Lumière (MCP-Server)', 'Eingabe angefordert', 'To book your table, the restaurant needs a few details.'],
    ]);
    await setupUser().click(items[0] as HTMLElement);
    await opened();
    await screen.findByRole('button', { name: 'Genehmigen' });
    const prompt = screen.getByRole('region', { name: 'Genehmigung angefordert' });
    expect(within(prompt).getByText('Angefordert von LangGraph-Agent. Prüfen Sie die Angaben, bevor Sie antworten.')).toBeVisible();
  });
});

describe('<Inbox> count and list', () => {
  /** Every state the page showed, once each: the heading and the items of the list of what waits. */
  function watch(root: HTMLElement) {
    const seen: Array<{ heading: string; waiting: number; ended: number }> = [];
    const take = () => {
      const waiting = screen.queryByRole('list', { name: /waiting for your answer/ });
      const ended = screen.queryByRole('list', { name: 'No longer waiting' });
      const state = {
        heading: root.querySelector('.hitl-inbox-heading')?.textContent ?? '',
        waiting: waiting === null ? 0 : within(waiting).queryAllByRole('listitem').length,
        ended: ended === null ? 0 : within(ended).queryAllByRole('listitem').length,
      };
      const last = seen.at(-1);
      if (last?.heading !== state.heading || last.waiting !== state.waiting || last.ended !== state.ended) seen.push(state);
    };
    const observer = new MutationObserver(take);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    take();
    return { seen, stop: () => observer.disconnect() };
  }

  it('change together: an item answered elsewhere leaves the list in the render the count drops, and one answered here too', async () => {
    const { double, wrapper } = setup();
    double.open(weeklyReport, { openedAt: Date.now() - 3000 });
    double.open(cleanUp, { openedAt: Date.now() - 2000 });
    double.open(table, { openedAt: Date.now() - 1000 });
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    const page = watch(view.container);

    double.answerElsewhere('interrupt-report', 'Ada', Date.now());
    await advance(1000);
    expect(screen.getByRole('heading', { name: 'Waiting for you (2)' })).toBeInTheDocument();
    expect(within(list(/waiting for your answer/)).getAllByRole('listitem')).toHaveLength(2);
    // Below, with who answered it, for about a minute.
    expect(within(list('No longer waiting')).getByRole('button', { name: /send_email/ })).toHaveTextContent('Answered by Ada');

    const user = setupUser();
    await user.click(within(list(/waiting for your answer/)).getByRole('button', { name: /To book your table/ }));
    await opened();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Waiting for you (1)' })).toBeInTheDocument();
    expect(within(list(/waiting for your answer/)).getAllByRole('listitem')).toHaveLength(1);
    page.stop();

    // Whatever the page showed, the heading counted what the list held.
    const shown = page.seen.map(({ heading, waiting }) => ({ heading, waiting }));
    expect(shown.filter(({ heading, waiting }) => heading !== `Waiting for you (${waiting})`)).toEqual([]);
    expect(shown.map(({ heading }) => heading)).toEqual(['Waiting for you (3)', 'Waiting for you (2)', 'Waiting for you (1)']);
  });
});
