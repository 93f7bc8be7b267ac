import { render, screen, within } from '@testing-library/react';
import type { TaskClient } from '../../../src/client';
import { RunViewer } from '../../../src/components/run-viewer';
import { TaskList } from '../../../src/components/task-list';
import type { Scenario } from '../../../src/testing';
import { advance, installFakeClock, removeFakeClock } from '../hooks/hook-test-utils';
import { destroyStores, provider, simulator, startTask } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">click</a>';
/** Short enough to be a task's readable name whole (the simulated service cuts names at 80 characters). */
const HOSTILE_NAME = '<img src=x onerror=alert(1)><script>alert(2)</script>';

const hostileScenario: Scenario = {
  name: 'hostile',
  description: 'A run whose every agent-made string is markup.',
  keywords: [],
  steps: [{ type: 'page', title: HOSTILE, url: 'https://evil.example/', durationMs: 1000 }],
  result: {
    summary: HOSTILE,
    output: { [HOSTILE]: HOSTILE, nested: { html: HOSTILE } },
    dataTable: [{ title: HOSTILE, value: 1, [HOSTILE]: 'javascript:alert(4)' }],
  },
};

/** Every address in the DOM, wherever it sits. */
function addresses(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[src], [href]')].map(
    (element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '',
  );
}

describe('agent-made content', () => {
  it('renders a hostile summary, output and data table as text', async () => {
    const service = simulator({ scenarios: [hostileScenario], recordingDelayMs: 0 });
    const { taskId } = await startTask(service, HOSTILE);
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(4000);

    expect(screen.getByRole('region', { name: 'Latest run' })).toHaveAttribute('data-state', 'completed');
    expect(container.querySelector('script, a[href^="javascript"], img[src="x"]')).toBeNull();
    expect(screen.getByText(HOSTILE, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getAllByRole('term')[0]).toHaveTextContent(HOSTILE);
    expect(screen.getAllByRole('definition')[1]).toHaveTextContent(JSON.stringify(HOSTILE));
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader')).toHaveTextContent(HOSTILE);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toContain(HOSTILE);
    expect(within(table).getByRole('cell', { name: 'javascript:alert(4)' }).querySelector('a')).toBeNull();
    for (const address of addresses(container)) expect(address).toMatch(/^https?:\/\//);
  });

  it('renders a hostile task name as text', async () => {
    const service = simulator();
    await startTask(service, HOSTILE_NAME);
    const { wrapper } = provider(service.client);
    const { container } = render(<TaskList onSelectTask={() => {}} />, { wrapper });
    await advance(0);
    expect(screen.getByRole('button', { name: HOSTILE_NAME })).toBeInTheDocument();
    expect(container.querySelector('script, img, a')).toBeNull();
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ])('never lets a %s live view or recording address reach src or href', async (_scheme, url) => {
    const service = simulator({ recordingDelayMs: 0 });
    const { taskId } = await startTask(service, 'Log in to the shop');
    const client: TaskClient = {
      ...service.client,
      getRunStatus: async (id, options) => ({ ...(await service.client.getRunStatus(id, options)), liveStatus: url }),
      getRunGif: async (id, options) => ({ ...(await service.client.getRunGif(id, options)), url }),
    };
    const { wrapper } = provider(client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    expect(screen.getByText('Live view unavailable')).toBeInTheDocument();
    expect(addresses(container)).toEqual([]);

    // Stopped, so the run ends and its recording is asked for.
    await service.client.stopRun(taskId);
    await advance(2000);
    await advance(3000);
    expect(screen.getByText('The recording cannot be shown: its address is not a web address.')).toBeInTheDocument();
    expect(addresses(container)).toEqual([]);
    expect(container.innerHTML).not.toContain(url);
  });
});
