import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MessagesProvider } from '../../../src';
import { de } from '../../../src/messages/locales/de';
import { RunViewer } from '../../../src/components/run-viewer';
import { DEFAULT_SIMULATOR_API_KEY } from '../../../src/testing';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { destroyStores, provider, simulator, startTask, statusGets } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const STATUS = { method: 'GET', path: '/api/v1/task/{taskId}/run/status' };
const viewer = () => screen.getByRole('region', { name: 'Latest run' });
const badge = () => viewer().querySelector('.hitl-run-status-badge');

describe('RunViewer when requests fail', () => {
  it('shows a failed status poll with its reason and a Retry, keeping the last known status', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    expect(badge()).toHaveTextContent('Running — loading a page');

    service.faults.inject({ type: 'network', match: STATUS, times: Infinity });
    await advance(2000);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the run status: the service could not be reached. Check the connection');
    expect(badge()).toHaveTextContent('Running — loading a page');
    expect(screen.getByTitle('Live view of the run')).toBeInTheDocument();
    await expectAccessible(container);

    service.faults.clear();
    const before = statusGets(service).length;
    await setupUser().click(within(alert).getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(statusGets(service).length).toBe(before + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Focus lands on the viewer's heading rather than on the page.
    expect(screen.getByRole('heading', { name: 'Latest run' })).toHaveFocus();
  });

  it('names a failed request in words, in the language of the provider, never by its method and path', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper: plain } = provider(service.client);
    const german = ({ children }: { children?: ReactNode }) =>
      plain({ children: <MessagesProvider messages={de}>{children}</MessagesProvider> });
    service.faults.inject({ type: 'malformed', match: STATUS, times: Infinity });
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper: german });
    await advance(0);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('die Antwort des Dienstes ist nicht lesbar');
    expect(alert.textContent).not.toMatch(/GET|\/api\/v1/);
    await expectAccessible(container);
  });

  it('shows an error without data when the first request fails, and recovers from a `success: false` by itself', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    // `success: false` says nothing about why: the store retries it after a backoff, as a 5xx.
    service.faults.inject({ type: 'api-error', match: STATUS });
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);

    expect(viewer()).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the run status: The service could not process the request');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    await advance(10_000);
    expect(statusGets(service).length).toBeGreaterThan(1);
    expect(viewer()).toHaveAttribute('data-state', 'waiting');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a task that is not found as one state: the error with Retry, no loading beside it, before and after a Retry', async () => {
    const service = simulator();
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId="no-such-task" />, { wrapper });
    await advance(0);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the run status: Task "no-such-task" not found');
    expect(viewer()).toHaveAttribute('data-state', 'error');
    expect(within(viewer()).queryByText(/loading/i)).toBeNull();
    await expectAccessible(container);

    await setupUser().click(within(alert).getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(statusGets(service)).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('not found');
    expect(within(viewer()).queryByText(/loading/i)).toBeNull();
  });

  it('says the key was refused on 401, and never shows the key', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const client = service.createClient({ apiKey: 'not-the-key-123' });
    const { wrapper } = provider(client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);

    expect(screen.getByRole('alert')).toHaveTextContent(
      'The service refused the API key, so the run cannot be shown. Check the key, then retry.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(container.innerHTML).not.toContain('not-the-key-123');
    expect(container.innerHTML).not.toContain(DEFAULT_SIMULATOR_API_KEY);
    // A refused key stops polling: asking again with the same key cannot help.
    await advance(10_000);
    expect(statusGets(service)).toHaveLength(1);
    await expectAccessible(container);
  });

  it('says the key was refused when it stops working mid-run (403 counts too)', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    service.faults.inject({ type: 'unauthorized', match: STATUS });
    await advance(2000);
    expect(screen.getByRole('alert')).toHaveTextContent('The service refused the API key');
    expect(badge()).toHaveTextContent('Running — loading a page');
  });

  it('shows a failed result fetch with a Retry', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'This booking will fail');
    service.faults.inject({ type: 'api-error', match: { path: '/api/v1/task/{taskId}/run/result' } });
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(8000);

    expect(badge()).toHaveTextContent('Failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the result: The service could not process the request');
    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(screen.getByRole('group', { name: 'Error' })).toHaveTextContent('The payment page did not load');
  });

  it('after a Retry of the result works, focus lands on the viewer heading rather than on the page', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'This booking will fail');
    service.faults.inject({ type: 'api-error', match: { path: '/api/v1/task/{taskId}/run/result' } });
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(8000);

    await setupUser().click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(screen.getByRole('group', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Latest run' })).toHaveFocus();
  });

  it('shows a failed recording fetch with a Retry; once it works, focus lands on the recording heading', async () => {
    const service = simulator({ recordingDelayMs: 0 });
    const { taskId, runId } = await startTask(service, 'This booking will fail');
    service.faults.inject({ type: 'api-error', match: { path: '/api/v1/task/{taskId}/run/gif' } });
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(8000);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the recording: The service could not process the request');
    await expectAccessible(container);
    await setupUser().click(within(alert).getByRole('button', { name: 'Retry' }));
    await advance(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Recording of the run' })).toHaveAttribute(
      'src',
      `${service.publicUrl}/recordings/${runId}.gif`,
    );
    expect(screen.getByRole('heading', { name: 'Recording' })).toHaveFocus();
  });
});
