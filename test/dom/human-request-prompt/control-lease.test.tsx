/**
 * A hand-off held through the proxy's control lease (`controlLease`): one person at a time across
 * people and pages, against a stand-in of the proxy's `{basePath}/control/{id}` that follows the
 * protocol (its `fetch`, under the real client): who holds it and since when, a take refused, a
 * holder whose renewals are refused or do not get through, and the release before the hand-back.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CONTROL_HELD_CODE, CONTROL_LEASE_PATTERN, createTaskClient } from '../../../src/client';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import { formatDateTime } from '../../../src/messages';
import { humanControlRequest } from '../../../src/request';
import type { TabEnvironment } from '../../../src/store';
import { FakeOrigin } from '../../node/store/fake-tabs';
import { expectNoAxeViolations } from '../axe';
import { answerMock } from './support';

const BASE = 'https://app.example/api/hitl';
const ID = 'ctl-1';
const START = Date.UTC(2030, 0, 1, 10, 41);
const TTL_MS = 5000;

const request = humanControlRequest({
  id: ID,
  source: 'browserbase',
  liveUrl: 'https://live.example.com/s/1',
  reason: 'A CAPTCHA blocks the checkout',
});
const liveView = { checkReachability: false, loadTimeoutMs: 0 } as const;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The proxy's control lease of one hand-off, as the protocol says; the caller's user is its `x-user` header. */
class StandInProxy {
  holder: { user: string; lease: string; since: number; until: number } | undefined;
  /** Takes (not renewals) and releases, and what else the test adds, in order. */
  readonly log: string[] = [];
  /** The proxy cannot be reached. */
  down = false;
  renewals = 0;

  client(user: string) {
    return createTaskClient({ baseUrl: BASE, headers: { 'x-user': user }, fetch: (request) => this.handle(request) });
  }

  private current() {
    if (this.holder !== undefined && Date.now() >= this.holder.until) this.holder = undefined;
    return this.holder;
  }

  private async handle(request: Request): Promise<Response> {
    if (this.down) throw new TypeError('Failed to fetch');
    const user = request.headers.get('x-user') ?? '';
    if (new URL(request.url).pathname !== `/api/hitl/control/${ID}`) return json(404, { success: false, error: 'Not found' });
    const held = this.current();
    const holder = held === undefined ? null : { user: held.user, since: held.since };
    if (request.method === 'GET') return json(200, { success: true, data: { holder, ttlMs: TTL_MS } });
    const body = (await request.json()) as { action: string; lease: string };
    if (!CONTROL_LEASE_PATTERN.test(body.lease)) return json(400, { success: false, error: 'Malformed lease' });
    const mine = held !== undefined && held.user === user && held.lease === body.lease;
    if (body.action === 'release') {
      if (mine) this.holder = undefined;
      this.log.push(`release ${user}${request.keepalive ? ' (keepalive)' : ''}`);
      return json(200, { success: true, data: { holder: this.holder === undefined ? null : holder, ttlMs: TTL_MS, you: false } });
    }
    if (held !== undefined && !mine)
      return json(409, { success: false, error: 'Someone else has control', code: CONTROL_HELD_CODE, details: holder });
    if (mine) this.renewals++;
    else this.log.push(`take ${user}`);
    const since = mine ? held.since : Date.now();
    this.holder = { user, lease: body.lease, since, until: Date.now() + TTL_MS };
    return json(200, { success: true, data: { holder: { user, since }, ttlMs: TTL_MS, you: true } });
  }
}

type JestShim = { jest?: { advanceTimersByTime(ms: number): void } };
let proxy: StandInProxy;
beforeEach(() => {
  // Only the timers: the fetch stand-in's bodies are read as the platform reads them.
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  (globalThis as JestShim).jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
  proxy = new StandInProxy();
});
afterEach(() => {
  cleanup();
  delete (globalThis as JestShim).jest;
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const setupUser = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

/** axe's own timers run on the fake clock; the stand-in answers the same meanwhile. */
async function expectAxeClean(container: Element) {
  let settled = false;
  const run = expectNoAxeViolations(container).finally(() => (settled = true));
  while (!settled) await advance(1);
  await run;
}

/** One person's page: the prompt on the proxy's lease, as `user`, in a browser of its own (no tabs to share) unless `tabs` says. */
function Page({
  user,
  testId = user,
  tabs = false,
  onAnswer = answerMock(),
}: {
  user: string;
  testId?: string;
  tabs?: TabEnvironment | false;
  onAnswer?: ReturnType<typeof answerMock>;
}) {
  const [client] = useState(() => proxy.client(user));
  return (
    <div data-testid={testId}>
      <HumanRequestPrompt request={request} onAnswer={onAnswer} liveView={liveView} tabs={tabs} controlLease={{ client, id: ID }} />
    </div>
  );
}

const page = (user: string) => screen.getByTestId(user);
const frame = (region: HTMLElement) => region.querySelector('iframe');
const controlState = (region: HTMLElement) => region.querySelector('.hitl-control')?.getAttribute('data-state');
const status = (region: HTMLElement) => region.querySelector('.hitl-control-status');
const since = (at: number) => formatDateTime(at, 'en', { timeStyle: 'short' });

describe('a hand-off on the proxy’s control lease', () => {
  it('one person at a time: the other page sees who has it and since when, read-only, and a take there is refused', async () => {
    const user = setupUser();
    const { container } = render(
      <>
        <Page user="Alice" />
        <Page user="Bob" />
      </>,
    );
    const alice = page('Alice');
    const bob = page('Bob');
    const take = await within(alice).findByRole('button', { name: 'Take control' });
    await advance(0);
    expect(controlState(alice)).toBe('waiting');
    expect(frame(alice)).toHaveAttribute('inert');
    await expectAxeClean(container);

    // Bob's page has read that nobody holds it; Alice takes it before Bob's next read.
    const bobTake = within(bob).getByRole('button', { name: 'Take control' });
    expect(bobTake).not.toHaveAttribute('aria-disabled');
    await user.click(take);
    await advance(0);
    expect(controlState(alice)).toBe('held');
    expect(frame(alice)).not.toHaveAttribute('inert');
    expect(frame(alice)).toHaveFocus();
    expect(status(alice)).toHaveTextContent('You have control. The agent waits until you hand back.');

    // Bob's take goes to the proxy, which says Alice holds it: his view stays read-only, focus on "Take control".
    act(() => bobTake.focus());
    await user.keyboard('{Enter}');
    await advance(0);
    expect(proxy.log).toEqual(['take Alice']);
    expect(controlState(bob)).toBe('held-elsewhere');
    expect(status(bob)).toHaveTextContent(`Alice has control since ${since(START)}. This view is read-only until they hand back.`);
    expect(status(bob)).toHaveAttribute('role', 'status');
    // The name is the proxy's, isolated as text.
    expect(within(status(bob) as HTMLElement).getByText('Alice').tagName).toBe('BDI');
    expect(frame(bob)).toHaveAttribute('inert');
    expect(within(bob).getByRole('button', { name: 'Take control' })).toHaveFocus();
    expect(within(bob).getByRole('button', { name: 'Take control' })).toHaveAttribute('aria-disabled', 'true');

    // Alice renews while she holds it, every 1.5 s (one renewal each time, not more); two minutes
    // later both pages still say the same, and since when.
    const renewals = proxy.renewals;
    await advance(120_000);
    expect(proxy.renewals - renewals).toBeGreaterThanOrEqual(79);
    expect(proxy.renewals - renewals).toBeLessThanOrEqual(81);
    expect(controlState(alice)).toBe('held');
    expect(status(bob)).toHaveTextContent(`Alice has control since ${since(START)}`);
    await expectAxeClean(container);
  });

  it('a holder whose renewal is refused loses control at once: the view read-only, focus to "Take control"', async () => {
    const user = setupUser();
    render(<Page user="Alice" />);
    const alice = page('Alice');
    await user.click(await within(alice).findByRole('button', { name: 'Take control' }));
    await advance(0);
    expect(frame(alice)).toHaveFocus();

    // Her lease lapsed at the proxy (say her renewals were held up) and Bob took it meanwhile.
    const taken = Date.now();
    proxy.holder = { user: 'Bob', lease: 'bob_lease_0123456789', since: taken, until: taken + TTL_MS };
    await advance(1500);
    expect(controlState(alice)).toBe('held-elsewhere');
    expect(frame(alice)).toHaveAttribute('inert');
    expect(status(alice)).toHaveTextContent(`Bob has control since ${since(taken)}`);
    expect(within(alice).getByRole('button', { name: 'Take control' })).toHaveFocus();
    expect(within(alice).queryByRole('button', { name: 'Hand back' })).not.toBeInTheDocument();
  });

  it('a holder whose renewals do not get through loses control when its lease would have lapsed, and may take it again', async () => {
    const user = setupUser();
    const { container } = render(<Page user="Alice" />);
    const alice = page('Alice');
    await user.click(await within(alice).findByRole('button', { name: 'Take control' }));
    await advance(0);
    proxy.down = true;
    // Within the lease the proxy's word still holds.
    await advance(TTL_MS - 1000);
    expect(controlState(alice)).toBe('held');
    await advance(1000);
    expect(controlState(alice)).toBe('waiting');
    expect(frame(alice)).toHaveAttribute('inert');
    expect(status(alice)).toHaveTextContent('Your control ended: the server could not be reached to keep it.');
    expect(within(alice).getByRole('button', { name: 'Take control' })).toHaveFocus();
    await expectAxeClean(container);

    // Nothing interactive without the proxy: a take while it is down is refused, and says why.
    await user.keyboard('{Enter}');
    await advance(0);
    expect(controlState(alice)).toBe('waiting');
    expect(frame(alice)).toHaveAttribute('inert');
    expect(status(alice)).toHaveTextContent('Cannot reach the server to see who has control. Trying again…');

    proxy.down = false;
    await advance(1000);
    expect(status(alice)).toHaveTextContent('');
    await user.click(within(alice).getByRole('button', { name: 'Take control' }));
    await advance(0);
    expect(controlState(alice)).toBe('held');
  });

  it('two tabs of one browser: the one that does not hold it says "Another tab has control" and sends no take', async () => {
    const user = setupUser();
    const origin = new FakeOrigin();
    render(
      <>
        <Page user="Alice" testId="first" tabs={origin.tab()} />
        <Page user="Alice" testId="second" tabs={origin.tab()} />
      </>,
    );
    await user.click(await within(page('first')).findByRole('button', { name: 'Take control' }));
    await advance(0);
    expect(controlState(page('first'))).toBe('held');
    expect(status(page('second'))).toHaveTextContent('Another tab has control. This view is read-only until it hands back.');
    const blocked = within(page('second')).getByRole('button', { name: 'Take control' });
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    await user.click(blocked);
    await advance(3000);
    expect(proxy.log).toEqual(['take Alice']);
    expect(controlState(page('second'))).toBe('held-elsewhere');
    expect(frame(page('second'))).toHaveAttribute('inert');
  });

  it('hands back by releasing control first, then answering; a page that goes releases with keepalive', async () => {
    const user = setupUser();
    const onAnswer = answerMock().mockImplementation(() => {
      proxy.log.push('answer');
    });
    const { unmount } = render(<Page user="Alice" onAnswer={onAnswer} />);
    const alice = page('Alice');
    await user.click(await within(alice).findByRole('button', { name: 'Take control' }));
    await advance(0);
    await user.type(within(alice).getByRole('textbox', { name: 'Note for the agent (optional)' }), 'Ticked it');
    await user.click(within(alice).getByRole('button', { name: 'Hand back' }));
    await advance(0);
    expect(proxy.log).toEqual(['take Alice', 'release Alice', 'answer']);
    expect(onAnswer.mock.calls).toEqual([[{ requestId: ID, action: 'accept', control: { done: true, note: 'Ticked it' } }]]);
    expect(within(alice).getByText('Answer sent.')).toHaveFocus();
    unmount();

    // Another page takes it, and its tab goes.
    render(<Page user="Bob" />);
    await user.click(await within(page('Bob')).findByRole('button', { name: 'Take control' }));
    await advance(0);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await advance(0);
    expect(proxy.log.slice(3)).toEqual(['take Bob', 'release Bob (keepalive)']);
    expect(proxy.holder).toBeUndefined();
  });
});
