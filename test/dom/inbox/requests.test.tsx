/**
 * `<Inbox>` with the proxy's requests beside the service's calls: the requests double answers the
 * requests protocol (`GET /requests`, `POST /requests/{id}/answer`) in front of a scripted service,
 * through `createTaskClient`, as a page reaches a `createTaskProxy`.
 */
import { render, screen, within } from '@testing-library/react';
import { Inbox } from '../../../src/components/inbox';
import type { HumanApprovalRequest, HumanSchemaRequest } from '../../../src/request';
import type { createRequestsDouble } from '../../../scripts/lib/requests-double';
import { FakeTaskClient, waitingFor } from '../../node/store/fake-task-client';
import { advance, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from '../run-components/axe-with-fake-timers';
import { opened, requestsInbox, withRequestsInbox } from './requests-inbox';

withRequestsInbox();

/** An MCP elicitation: a flat schema, decline and cancel allowed. */
const shipping: HumanSchemaRequest = {
  kind: 'form',
  id: 'elicit-1',
  source: 'mcp',
  title: 'Shipping details',
  message: 'Where should\nthe order go?',
  schema: { type: 'object', properties: { city: { type: 'string', title: 'City' } }, required: ['city'] },
  allows: { decline: true, cancel: true },
};

/** A LangChain interrupt: one action to approve or reject. */
const refund: HumanApprovalRequest = {
  kind: 'approval',
  id: 'interrupt-1',
  source: 'langgraph',
  title: 'Refund order 42',
  actions: [{ name: 'refund', args: { order: 42, amount: 120 } }],
};

/** The service with one run waiting for its sign-in form, and the proxy's requests in front of it. */
function setup(options: { calls?: boolean } = {}) {
  const service = new FakeTaskClient()
    .script('listTasks', {
      value: {
        data: options.calls === false ? [] : [{ id: 'task-1', status: 'active', readable_name: 'Log in to Acme' }],
        total: 1,
        page: 1,
        limit: 30,
      },
    })
    .script('getRunStatus', { value: waitingFor('call-1') })
    .script('submitToolInput', { value: undefined });
  return { ...requestsInbox(service), service };
}

/** The list of what waits: "Requests waiting for your answer" once it lists a framework's request. */
const list = () => screen.getByRole('list', { name: /waiting for your answer$/ });
/** The requests that ended elsewhere, below it. */
const endedList = () => screen.getByRole('list', { name: 'No longer waiting' });
const rows = () =>
  within(list())
    .getAllByRole('button', { expanded: false })
    .concat(within(list()).queryAllByRole('button', { expanded: true }));
const row = (name: RegExp) => within(list()).getByRole('button', { name });
const endedRow = (name: RegExp) => within(endedList()).getByRole('button', { name });
const announcer = () => within(screen.getByRole('region', { name: /Waiting for you/ })).getAllByRole('status')[0];
const timeOf = (ms: number) => new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(ms);

describe('<Inbox> with the proxy’s requests', () => {
  it('lists the service’s call and the requests of any framework together, oldest first, with the time left', async () => {
    const { double, wrapper } = setup();
    double.open(refund, { openedAt: Date.now() - 60_000 });
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    await advance(3000);
    double.open(shipping, { expiresAt: Date.now() + 5 * 60_000 });
    await advance(1000);
    expect(screen.getByRole('heading', { name: 'Waiting for you (3)' })).toBeInTheDocument();
    expect(list()).toHaveAccessibleName('Requests waiting for your answer');
    expect(
      within(list())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'LangGraph agentRefund order 42waiting for 1 min',
      'Log in to AcmeSign inwaiting for 4 sec',
      'MCP serverShipping detailsWhere should the order go?waiting for 1 secexpires in 4 min',
    ]);
    // The arrival is said once, as a call's is.
    expect(announcer()).toHaveTextContent('MCP server is waiting for you: Shipping details');
    await expectAccessible(view.container);
  });

  it('answers a request in place with its prompt, once; the item leaves at once and its deadline is shown', async () => {
    const { double, wrapper } = setup({ calls: false });
    double.open(shipping, { expiresAt: Date.now() + 10 * 60_000 });
    double.open(refund, { openedAt: Date.now() - 1000 });
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    const user = setupUser();
    await user.click(row(/Shipping details/));
    await opened();
    expect(row(/Shipping details/)).toHaveAttribute('aria-expanded', 'true');
    const city = screen.getByRole('textbox', { name: /City/ });
    expect(city).toHaveFocus();
    expect(screen.getByText('Time left: 10 min')).toBeInTheDocument();
    await expectAccessible(view.container);
    await user.type(city, 'Lisbon');
    await user.keyboard('{Enter}{Enter}');
    await advance(0);
    expect(double.answers).toEqual([{ id: 'elicit-1', answer: { requestId: 'elicit-1', action: 'accept', content: { city: 'Lisbon' } } }]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Waiting for you (1)' })).toBeInTheDocument();
    // The focus goes to the item that took its place.
    expect(row(/Refund order 42/)).toHaveFocus();
    await advance(5000);
    expect(double.calls.answer).toBe(1);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps what was typed when an answer fails, says why, and sends it again', async () => {
    const { double, wrapper } = setup({ calls: false });
    double.open(shipping);
    render(<Inbox />, { wrapper });
    await advance(0);
    const user = setupUser();
    await user.click(row(/Shipping details/));
    await opened();
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Porto');
    double.failAnswers(503);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Your answer could not be sent: /);
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Porto');
    expect(double.answers).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(double.answers).toEqual([{ id: 'elicit-1', answer: { requestId: 'elicit-1', action: 'accept', content: { city: 'Porto' } } }]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Nothing is waiting for you.')).toBeInTheDocument();
  });

  it('says who answered first when its answer comes second (409), in place of the prompt, with the focus there', async () => {
    const { double, wrapper } = setup({ calls: false });
    double.open(refund);
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    const user = setupUser();
    await user.click(row(/Refund order 42/));
    await opened();
    const approve = await screen.findByRole('button', { name: /Approve/ });
    const answeredAt = Date.now();
    double.answerElsewhere('interrupt-1', 'bob@example.com', answeredAt);
    await user.click(approve);
    await advance(0);
    const said = `Answered by bob@example.com at ${timeOf(answeredAt)}.`;
    expect(screen.getByText(said).closest('p')).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(announcer()).toHaveTextContent(`Refund order 42: ${said}`);
    expect(screen.getByRole('heading', { name: 'Waiting for you (0)' })).toBeInTheDocument();
    expect(double.answers).toEqual([]);
    await expectAccessible(view.container);
  });

  it.each([
    [
      'answered by someone else',
      (double: ReturnType<typeof createRequestsDouble>) => double.answerElsewhere('interrupt-1', 'Ada', Date.now()),
      `Answered by Ada at `,
    ],
    ['cancelled', (double: ReturnType<typeof createRequestsDouble>) => double.cancel('interrupt-1'), 'The agent withdrew this request.'],
    ['expired', (double: ReturnType<typeof createRequestsDouble>) => double.expire('interrupt-1'), 'This request expired.'],
    [
      'unanswerable',
      (double: ReturnType<typeof createRequestsDouble>) => double.orphan('interrupt-1'),
      'This request can no longer be answered (its agent is gone).',
    ],
  ] as const)('shows a request %s elsewhere as such while the proxy lists it, and says so politely once', async (_, end, text) => {
    const { double, wrapper } = setup({ calls: false });
    double.open(refund);
    const view = render(<Inbox />, { wrapper });
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Waiting for you (1)' })).toBeInTheDocument();
    end(double);
    await advance(1000);
    // No longer counted, and no longer in the list of what waits: below it, saying how it ended.
    expect(endedRow(/Refund order 42/)).toHaveTextContent(text);
    expect(screen.queryByRole('list', { name: /waiting for your answer/ })).toBeNull();
    expect(screen.getByText('Nothing is waiting for you.')).toBeInTheDocument();
    expect(announcer()).toHaveTextContent(`Refund order 42: ${text}`);
    expect(screen.getByRole('heading', { name: 'Waiting for you (0)' })).toBeInTheDocument();
    await expectAccessible(view.container);
    // Opened, it says the same in place of the prompt, and takes no answer.
    await setupUser().click(endedRow(/Refund order 42/));
    await opened();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(view.container.querySelector('.hitl-inbox-prompt .hitl-inbox-ended')).toHaveTextContent(text);
    // Listed for about a minute, then gone.
    await advance(60_000);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('Nothing is waiting for you.')).toBeInTheDocument();
    expect(double.calls.answer).toBe(0);
  });

  it('forgets what was typed for a request that ended elsewhere', async () => {
    const { double, wrapper } = setup({ calls: false });
    double.open(shipping);
    render(<Inbox />, { wrapper });
    await advance(0);
    const user = setupUser();
    await user.click(row(/Shipping details/));
    await opened();
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Faro');
    await advance(1000);
    const kept = () => Object.keys(sessionStorage).filter((key) => key.includes('elicit-1'));
    expect(kept()).toHaveLength(1);
    double.cancel('elicit-1');
    await advance(1000);
    expect(screen.getByText('The agent withdrew this request.')).toBeInTheDocument();
    expect(kept()).toEqual([]);
  });

  it('says a request expired when its deadline passes on screen, sending nothing', async () => {
    const { double, wrapper } = setup({ calls: false });
    double.open(shipping, { expiresAt: Date.now() + 65_000 });
    render(<Inbox />, { wrapper });
    await advance(0);
    await setupUser().click(row(/Shipping details/));
    await opened();
    expect(screen.getByText('Time left: 1 min')).toBeInTheDocument();
    await advance(65_000);
    expect(screen.getByText('This request expired.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /City/ })).toBeNull();
    expect(double.calls.answer).toBe(0);
  });

  it('lists the service’s calls alone, without an error, from a proxy without requests (404)', async () => {
    const { double, wrapper } = setup();
    double.served = false;
    render(<Inbox />, { wrapper });
    await advance(0);
    await advance(2000);
    expect(rows()).toHaveLength(1);
    expect(row(/Log in to Acme/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(20_000);
    expect(double.calls.list).toBe(1);
  });
});
