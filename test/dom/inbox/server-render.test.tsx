/**
 * Next.js prerenders a page with `<Inbox>` or `<RunViewer>` at build time, and with
 * `cacheComponents` (create-next-app 16's default) refuses a Client Component that reads the clock
 * while it renders there. The server render reads none; the waiting times show once the page has
 * hydrated, with no hydration mismatch.
 */
import { screen } from '@testing-library/react';
import { act, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createTaskClient } from '../../../src/client';
import { Inbox } from '../../../src/components/inbox';
import { RunViewer } from '../../../src/components/run-viewer';
import { WaitingTime } from '../../../src/components/shared';
import { TaskClientProvider } from '../../../src/context';
import { FakeTaskClient, waitingFor } from '../../node/store/fake-task-client';
import { advance, harness, installFakeClock, removeFakeClock } from '../hooks/hook-test-utils';

/** Renders on the "server" with the clock refused, as Next.js's prerender refuses `Date.now()` and `new Date()`. */
function renderWithoutClock(element: ReactElement): string {
  const RealDate = Date;
  const refuse = (what: string): never => {
    throw new Error(`${what} read while rendering on the server`);
  };
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args: unknown[], newTarget: unknown): object =>
      args.length === 0 ? refuse('new Date()') : (Reflect.construct(target, args, newTarget as typeof RealDate) as object),
    get: (target, property, receiver): unknown =>
      property === 'now' ? () => refuse('Date.now()') : (Reflect.get(target, property, receiver) as unknown),
  });
  try {
    return renderToString(element);
  } finally {
    globalThis.Date = RealDate;
  }
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
});

/** Puts the server's HTML in the page and hydrates it; returns the errors React recovered from (hydration mismatches). */
function hydrate(html: string, element: ReactElement): unknown[] {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recovered: unknown[] = [];
  act(() => {
    roots.push(hydrateRoot(container, element, { onRecoverableError: (error) => recovered.push(error) }));
  });
  return recovered;
}

it('server-renders an inbox and a run viewer without reading the clock', () => {
  // As an app's providers make it: a path-only address, the store made when first rendered.
  const client = createTaskClient({ baseUrl: '/api/hitl', fetch: vi.fn() });
  const html = renderWithoutClock(
    <TaskClientProvider client={client}>
      <Inbox />
      <RunViewer taskId="task-1" />
    </TaskClientProvider>,
  );
  expect(html).toContain('hitl-inbox');
  expect(html).toContain('hitl-run-viewer');
});

describe('once hydrated', () => {
  beforeEach(installFakeClock);
  afterEach(removeFakeClock);

  it('shows how long a call has waited, in a waiting time the server rendered without its text', async () => {
    const since = Date.now() - 90_000;
    const element = <WaitingTime since={since} text={(duration) => `waiting for ${duration}`} />;
    const html = renderWithoutClock(element);
    expect(html).toBe(`<time dateTime="${new Date(since).toISOString()}"></time>`);
    const recovered = hydrate(html, element);
    expect(screen.getByText('waiting for 1 min')).toBeInTheDocument();
    await advance(60_000);
    expect(screen.getByText('waiting for 2 min')).toBeInTheDocument();
    expect(recovered).toEqual([]);
  });

  it('lists the calls of a prerendered inbox with how long each has waited', async () => {
    const { wrapper: Wrapper } = harness(
      new FakeTaskClient()
        .script('listTasks', {
          value: { data: [{ id: 'task-1', status: 'active', readable_name: 'Log in' }], total: 1, page: 1, limit: 30 },
        })
        .script('getRunStatus', { value: waitingFor('call-1') }),
    );
    const element = (
      <Wrapper>
        <Inbox />
      </Wrapper>
    );
    const recovered = hydrate(renderWithoutClock(element), element);
    await advance(0);
    await advance(3000);
    expect(screen.getByRole('button', { name: /Log in.*waiting for 3 sec/ })).toBeInTheDocument();
    expect(recovered).toEqual([]);
  });
});
