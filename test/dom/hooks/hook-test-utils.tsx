import { act, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
// The store and the client load the stream's code on demand; loaded here first, the fake clock
// needs no real time for it.
import '../../../src/client/read-event-stream';
import '../../../src/store/open-update-sources';
import { createTaskClient, type TaskClient } from '../../../src/client';
import { TaskClientProvider } from '../../../src/context';
import { createTaskProxy, type TaskProxy } from '../../../src/server';
import { createRunStore, type RunStore, type RunStoreOptions } from '../../../src/store';
import { FakeEnvironment, FakeTaskClient } from '../../node/store/fake-task-client';
import { fakeUpstream } from './fake-upstream';

/**
 * How the hooks reach the scripted service:
 * - `polling` (the default): the store calls the `FakeTaskClient` itself;
 * - `stream`: a client with `events: true` through an in-process `createTaskProxy` whose upstream
 *   is the scripted client: the proxy's hub makes the polls the script answers, and pushes the
 *   changes;
 * - `fallback`: the same client through a proxy without the stream (`events: false`, as an older
 *   proxy): the store falls back to polling, through the proxy.
 *
 * The `*.stream.test.tsx` and `*.fallback.test.tsx` files switch it, then import the suite.
 */
export type Transport = 'polling' | 'stream' | 'fallback';
export let transport: Transport = 'polling';

export function setTransport(next: Transport): void {
  transport = next;
}

const proxies: TaskProxy[] = [];
/** Stores made with a client of `events: true`, whether they asked for the stream, and the transport they must then end with. */
const proxied: Array<{ store: RunStore; asked: () => boolean; expected: 'stream' | 'polling' }> = [];

/** A browser client (`events: true`) of an in-process proxy in front of the scripted client; `asked` says whether it asked for the stream. */
function throughProxy(client: FakeTaskClient, events: boolean): { client: TaskClient; asked: () => boolean } {
  const proxy = createTaskProxy({
    upstream: 'http://fake-service.test',
    apiKey: 'sk_fake_upstream',
    basePath: '/api/hitl',
    fetch: fakeUpstream(client),
    events: events ? { firstPollJitterMs: 0 } : false,
  });
  proxies.push(proxy);
  let asked = false;
  const fetch = (request: Request) => {
    if (new URL(request.url).pathname.endsWith('/events')) asked = true;
    return proxy(request);
  };
  return { client: createTaskClient({ baseUrl: 'http://proxy.test/api/hitl', fetch, events: true }), asked: () => asked };
}

export interface Harness {
  client: FakeTaskClient;
  store: RunStore;
  environment: FakeEnvironment;
  wrapper: (props: { children?: ReactNode }) => ReactNode;
}

/**
 * A scripted client, its own store (no first-poll jitter, a hand-driven environment) and a provider
 * wrapper. Over the `stream` and `fallback` transports the store's client is one of a proxy in
 * front of `client`.
 */
export function harness(client = new FakeTaskClient(), options: RunStoreOptions = {}): Harness {
  const environment = new FakeEnvironment();
  const proxy = transport === 'polling' ? undefined : throughProxy(client, transport === 'stream');
  const used = proxy?.client ?? client;
  const store = createRunStore(used, { environment, firstPollJitterMs: 0, ...options });
  if (proxy !== undefined) proxied.push({ store, asked: proxy.asked, expected: transport === 'stream' ? 'stream' : 'polling' });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <TaskClientProvider client={used} store={store}>
      {children}
    </TaskClientProvider>
  );
  return { client, store, environment, wrapper };
}

/**
 * Advances the fake clock inside `act`, so the resulting renders are flushed; then settles the chain
 * of work those renders start "now" (an answer makes a run terminal, the render enables the result,
 * its effect starts a 0 ms timer, and so on), without moving the clock further.
 */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

type JestShim = { jest?: { advanceTimersByTime(ms: number): void } };

/**
 * Fake timers that Testing Library can live with. Its async wrapper (used by user-event) drains with
 * a `setTimeout(0)` and only advances it itself when it sees a `jest` global; without one, every
 * user-event call would wait for ever under Vitest's fake timers. The shim is removed afterwards.
 */
export function installFakeClock(): void {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
  (globalThis as JestShim).jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
}

export function removeFakeClock(): void {
  // Unmount while the fake clock still runs, so teardown timers are not handed to the real one.
  cleanup();
  for (const proxy of proxies.splice(0)) void proxy.close();
  // The suite must have run over the transport it names: over `stream` no store fell back to
  // polling, over `fallback` every store that asked for the stream did.
  const wrong = proxied
    .splice(0)
    .filter(({ store, asked, expected }) => (expected === 'stream' || asked()) && store.getTransport() !== expected);
  expect(wrong.map(({ store, expected }) => `${store.getTransport()} instead of ${expected}`)).toEqual([]);
  delete (globalThis as JestShim).jest;
  vi.useRealTimers();
}

/** `userEvent.setup()` driving the fake clock. */
export function setupUser() {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}
