/**
 * What the inbox's tests of the proxy's requests share: a fake clock for each test, and a store over
 * `createTaskClient` whose `fetch` is the requests double (`GET /requests`, `POST
 * /requests/{id}/answer`) in front of a scripted service, as a page reaches a `createTaskProxy`.
 * `withRequestsInbox()` registers the hooks of a test file.
 */
import { act } from '@testing-library/react';
// The store loads the requests' code with the first inbox that reads them; loaded here first, the fake clock needs no real time for it.
import '../../../src/store/requests-resource';
import type { ReactNode } from 'react';
import { createTaskClient } from '../../../src/client';
import { TaskClientProvider } from '../../../src/context';
import { createRunStore, type RunStore } from '../../../src/store';
import { createRequestsDouble } from '../../../scripts/lib/requests-double';
import { FakeEnvironment, type FakeTaskClient } from '../../node/store/fake-task-client';
import { fakeUpstream } from '../hooks/fake-upstream';
import { advance, installFakeClock, removeFakeClock } from '../hooks/hook-test-utils';

const stores: RunStore[] = [];

/** The fake clock of each test, and the stores it made destroyed after it. */
export function withRequestsInbox(): void {
  beforeEach(installFakeClock);
  afterEach(() => {
    removeFakeClock();
    for (const store of stores.splice(0)) store.destroy();
  });
}

/** The proxy's requests (a double to open, cancel and answer them) in front of `service`, and the wrapper that gives a page its store. */
export function requestsInbox(service: FakeTaskClient) {
  const double = createRequestsDouble();
  const client = createTaskClient({ baseUrl: 'http://proxy.test', fetch: double.fetch(fakeUpstream(service)), timeoutMs: 0 });
  const store = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0 });
  stores.push(store);
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <TaskClientProvider client={client} store={store}>
      {children}
    </TaskClientProvider>
  );
  return { double, wrapper };
}

/** The panel's prompt loads when a request is first opened. */
export async function opened(): Promise<void> {
  await act(() => vi.dynamicImportSettled());
  await advance(0);
}
