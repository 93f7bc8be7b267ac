/**
 * `<RunViewer>` with what a hostile or broken service can send (issue 16): a status it cannot use,
 * a tool call without a usable id, an answer too large to send (caught before sending, or refused
 * by the proxy with 413).
 */
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createTaskClient, type TaskClient } from '../../../src/client';
import { RunViewer } from '../../../src/components/run-viewer';
import { TaskClientProvider } from '../../../src/context';
import { createTaskProxy } from '../../../src/server';
import { createRunStore, type RunStore, type RunStoreOptions } from '../../../src/store';
import { DEFAULT_SIMULATOR_API_KEY } from '../../../src/testing';
import { FakeEnvironment, FakeTaskClient, formCall, processing, runStatus } from '../../node/store/fake-task-client';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { simulator, startTask, toolInputPosts } from './simulator-harness';

const stores: RunStore[] = [];
beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  for (const store of stores.splice(0)) store.destroy();
});

function wrapperFor(client: TaskClient, options: RunStoreOptions = {}) {
  const store = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0, random: () => 0.5, ...options });
  stores.push(store);
  return ({ children }: { children?: ReactNode }) => (
    <TaskClientProvider client={client} store={store}>
      {children}
    </TaskClientProvider>
  );
}

const viewer = () => screen.getByRole('region', { name: 'Latest run' });
const password = () => screen.getByLabelText(/Password/);

describe('RunViewer with a status it cannot use', () => {
  it('shows the error with Retry instead of crashing, and recovers', async () => {
    const client = new FakeTaskClient().script('getRunStatus', { value: null }, { value: processing() });
    const { container } = render(<RunViewer taskId="task-1" />, { wrapper: wrapperFor(client) });
    await advance(0);

    expect(viewer()).toHaveAttribute('data-state', 'error');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Could not load the run status: The run status from the service could not be used: it is not in the expected format.',
    );
    await expectAccessible(container);

    await setupUser().click(within(alert).getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(viewer()).toHaveAttribute('data-state', 'running');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('RunViewer with a tool call without a usable id', () => {
  it.each([
    ['an empty id', ''],
    ['a numeric id', 7],
  ])('shows no form for %s and sends nothing', async (_, toolCallId) => {
    const call = { ...formCall('x'), toolCallId } as unknown as ReturnType<typeof formCall>;
    const client = new FakeTaskClient().script('getRunStatus', { value: runStatus('running', 'tool_call', call) });
    render(<RunViewer taskId="task-1" />, { wrapper: wrapperFor(client) });
    await advance(0);
    await advance(4000);

    expect(viewer()).toHaveAttribute('data-status', 'running');
    expect(screen.queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(client.callsTo('submitToolInput')).toHaveLength(0);
  });
});

describe('RunViewer with an answer too large to send', () => {
  async function loginForm(client: (service: ReturnType<typeof simulator>) => TaskClient, options: RunStoreOptions) {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const view = render(<RunViewer taskId={taskId} />, { wrapper: wrapperFor(client(service), options) });
    await advance(0);
    await advance(4000);
    const user = setupUser();
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'ada');
    await user.click(password());
    await user.paste('p'.repeat(300));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);
    return { service, user, ...view };
  }

  it('says so before sending, naming the limit, and offers only "Edit answer"', async () => {
    const { service, user, container } = await loginForm((service) => service.client, { maxAnswerBytes: 256 });

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your answer is too large to send: the limit is 256 bytes. Shorten it, then send it again.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(toolInputPosts(service)).toHaveLength(0);
    await expectAccessible(container);

    await user.click(screen.getByRole('button', { name: 'Edit answer' }));
    await advance(0);
    expect(password()).toBeEnabled();
    await user.clear(password());
    await user.type(password(), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toolInputPosts(service)).toHaveLength(1);
  });

  it('does not offer to resend what the proxy refused with 413', async () => {
    const { service, user } = await loginForm(
      (service) => {
        const proxy = createTaskProxy({
          upstream: 'http://simulator.test',
          apiKey: DEFAULT_SIMULATOR_API_KEY,
          fetch: (request) => service.fetch(request),
          maxBodyBytes: 256,
          events: false,
        });
        return createTaskClient({ baseUrl: 'http://proxy.test', fetch: (request) => proxy(request) });
      },
      { maxAnswerBytes: 10 * 1024 * 1024 },
    );

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your answer is too large for the server to accept. Shorten it, then send it again.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await advance(30_000);
    expect(toolInputPosts(service)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Edit answer' }));
    await advance(0);
    await user.clear(password());
    await user.type(password(), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);
    expect(toolInputPosts(service)).toHaveLength(1);
  });
});
