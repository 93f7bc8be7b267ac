/**
 * Two people, one proxy, one tool call: the proxy forwards the first answer only, and the second
 * person's page drops the form and says, in words, that the call was answered elsewhere. The same
 * over either transport: the answers are plain HTTP in both.
 */
import { render, within } from '@testing-library/react';
import { createTaskClient } from '../../../src/client';
import { RunViewer } from '../../../src/components/run-viewer';
import { TaskClientProvider } from '../../../src/context';
import { createTaskProxy, type TaskProxy } from '../../../src/server';
import { createRunStore, type RunStore } from '../../../src/store';
import { DEFAULT_SIMULATOR_API_KEY, SIMULATOR_ORIGIN } from '../../../src/testing';
import { FakeEnvironment } from '../../node/store/fake-task-client';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { simulator, startTask, toolInputPosts } from './simulator-harness';

let proxy: TaskProxy | undefined;
const stores: RunStore[] = [];

beforeEach(installFakeClock);
afterEach(async () => {
  removeFakeClock();
  for (const store of stores.splice(0)) store.destroy();
  await proxy?.close();
});

describe.each(['polling', 'stream'] as const)('two people answering one call through one proxy, over %s', (transport) => {
  it('forwards the first answer only; the other page drops its form and says it was answered elsewhere', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const shared = createTaskProxy({
      upstream: SIMULATOR_ORIGIN,
      apiKey: DEFAULT_SIMULATOR_API_KEY,
      basePath: '/api/hitl',
      fetch: (request) => service.fetch(request),
      events: { firstPollJitterMs: 0 },
    });
    proxy = shared;
    const page = () => {
      const client = createTaskClient({ baseUrl: 'http://proxy.test/api/hitl', fetch: shared, events: transport === 'stream' });
      const store = createRunStore(client, { environment: new FakeEnvironment(), firstPollJitterMs: 0 });
      stores.push(store);
      return render(
        <TaskClientProvider client={client} store={store}>
          <RunViewer taskId={taskId} liveView={false} />
        </TaskClientProvider>,
      ).container;
    };
    const ada = page();
    const bob = page();
    await advance(0);
    await advance(4000);

    const user = setupUser();
    for (const [view, name] of [
      [ada, 'ada'],
      [bob, 'bob'],
    ] as const) {
      await user.type(within(view).getByRole('textbox', { name: /Username/ }), name);
      await user.type(within(view).getByLabelText(/Password/), 'secret');
    }
    // Both press "Sign in" before either page has heard of the other's answer.
    await user.click(within(ada).getByRole('button', { name: 'Sign in' }));
    await user.click(within(bob).getByRole('button', { name: 'Sign in' }));
    await advance(0);

    expect(toolInputPosts(service)).toHaveLength(1);
    expect(service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual([
      JSON.stringify([
        { label: 'Username', value: 'ada' },
        { label: 'Password', value: 'secret' },
      ]),
    ]);
    expect(within(bob).getByText('This request was answered elsewhere, so your answer was not sent.')).toBeInTheDocument();
    expect(within(bob).queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
    expect(within(ada).queryByText(/answered elsewhere/)).not.toBeInTheDocument();
    expect(stores.map((store) => store.getTransport())).toEqual([transport, transport]);
  });
});
