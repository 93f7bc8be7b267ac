import { render, screen, within } from '@testing-library/react';
import type { RunStatus, TaskClient } from '../../../src/client';
import { RunViewer } from '../../../src/components/run-viewer';
import { formInputTool } from '../../../src/schema';
import type { Scenario } from '../../../src/testing';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { destroyStores, provider, simulator, startTask } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

const viewer = (name = 'Latest run') => screen.getByRole('region', { name });
/** The viewer's polite announcer: the status region directly inside the viewer's root. */
function announcement(name?: string): string | null | undefined {
  const root = viewer(name);
  return within(root)
    .getAllByRole('status')
    .find((element) => element.parentElement === root)?.textContent;
}
const badge = () => viewer().querySelector('.hitl-run-status-badge');

async function signIn(username = 'ada', password = 'correct horse') {
  const user = setupUser();
  await user.type(screen.getByRole('textbox', { name: /Username/ }), username);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('RunViewer states', () => {
  it('shows a loading state until the first status arrives', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    // The first status request gets no answer, so the view stays loading while it is checked.
    service.faults.inject({ type: 'hang', match: { path: '/api/v1/task/{taskId}/run/status' } });
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(1000);

    expect(viewer()).toHaveAttribute('data-state', 'loading');
    expect(badge()).toHaveTextContent('Loading status…');
    expect(screen.queryByRole('button', { name: 'Stop run' })).not.toBeInTheDocument();
    await expectAccessible(container);
  });

  it('while the agent is on a page: status in words, a stop button and a view-only live view', async () => {
    const service = simulator();
    const { taskId, runId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);

    expect(viewer()).toHaveAttribute('data-state', 'running');
    expect(viewer()).toHaveAttribute('data-detailed-status', 'processing_page');
    expect(badge()).toHaveTextContent('Running — loading a page');
    expect(screen.getByRole('button', { name: 'Stop run' })).toBeInTheDocument();
    const frame = screen.getByTitle('Live view of the run');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `${service.publicUrl}/live/${runId}`);
    expect(frame).toHaveAttribute('inert');
    // Nothing important happened yet: the run was already working when the view opened.
    expect(announcement()).toBe('');
    await expectAccessible(container);
  });

  it('hides the live view with liveView={false}', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} liveView={false} />, { wrapper });
    await advance(0);
    expect(badge()).toHaveTextContent('Running — loading a page');
    expect(screen.queryByTitle('Live view of the run')).not.toBeInTheDocument();
  });

  it('passes liveView props on, e.g. an interactive live view', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} liveView={{ interactive: true, title: 'The agent’s browser' }} />, { wrapper });
    await advance(0);
    const frame = screen.getByTitle('The agent’s browser');
    expect(frame).not.toHaveAttribute('inert');
    expect(frame.getAttribute('sandbox')?.split(' ')).toContain('allow-forms');
  });

  it('shows a pending tool call as a form and announces that the agent waits', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(4000);

    expect(viewer()).toHaveAttribute('data-state', 'waiting');
    expect(badge()).toHaveTextContent('Waiting for your input');
    expect(screen.getByRole('heading', { name: 'Sign in to Acme Shop', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeEnabled();
    expect(announcement()).toBe('The agent is waiting for your answer.');
    // The person may need to see the page the agent is on (a captcha, say).
    expect(screen.getByTitle('Live view of the run')).toBeInTheDocument();
    await expectAccessible(container);
  });

  it('completed: summary, data table and recording; the stop button and live view are gone', async () => {
    const service = simulator({ recordingDelayMs: 1000 });
    const { taskId, runId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    const onStatusChange = vi.fn<(status: RunStatus) => void>();
    const { container } = render(<RunViewer taskId={taskId} locale="en-US" onStatusChange={onStatusChange} />, { wrapper });
    await advance(0);
    await advance(4000);
    await signIn('ada');
    await advance(0);
    await advance(4000);

    expect(viewer()).toHaveAttribute('data-state', 'completed');
    expect(badge()).toHaveTextContent('Completed');
    expect(announcement()).toBe('The run completed.');
    expect(screen.queryByRole('button', { name: 'Stop run' })).not.toBeInTheDocument();
    expect(screen.queryByTitle('Live view of the run')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Result' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as ada.')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Extracted data' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Value']);
    expect(within(table).getByRole('rowheader', { name: 'Reward points' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '1,250' })).toBeInTheDocument();

    await advance(3000);
    const image = screen.getByRole('img', { name: 'Recording of the run' });
    expect(image).toHaveAttribute('src', `${service.publicUrl}/recordings/${runId}.gif`);
    expect(screen.getByRole('link', { name: 'Open the recording in a new tab' })).toHaveAttribute(
      'href',
      `${service.publicUrl}/recordings/${runId}.gif`,
    );

    // Every distinct status once, in order; polls that brought nothing new are not reported.
    const seen = onStatusChange.mock.calls.map(([status]) => `${status.status}/${status.detailedStatus}`);
    expect(seen).toEqual(['running/processing_page', 'running/tool_call', 'running/processing_page', 'completed/completed']);
    await expectAccessible(container);
  });

  it('failed: the error content is shown as an error, with its message and details', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'This booking will fail');
    const { wrapper } = provider(service.client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);
    await advance(8000);

    expect(viewer()).toHaveAttribute('data-state', 'failed');
    expect(badge()).toHaveTextContent('Failed');
    expect(announcement()).toBe('The run failed.');
    const error = screen.getByRole('group', { name: 'Error' });
    expect(error).toHaveAttribute('data-state', 'error');
    expect(within(error).getByText('The payment page did not load after 3 attempts (HTTP 503).')).toBeInTheDocument();
    expect(error).toHaveTextContent('"code": "PAGE_LOAD_FAILED"');
    await expectAccessible(container);
  });

  it('shows a status value it does not know raw, and does not take it for the end of the run', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const client: TaskClient = {
      ...service.client,
      getRunStatus: async (id, options) => ({
        ...(await service.client.getRunStatus(id, options)),
        status: 'foo_bar',
        detailedStatus: 'bar_baz',
      }),
    };
    const { wrapper } = provider(client);
    const { container } = render(<RunViewer taskId={taskId} />, { wrapper });
    await advance(0);

    expect(viewer()).toHaveAttribute('data-state', 'unknown');
    expect(viewer()).toHaveAttribute('data-status', 'foo_bar');
    expect(badge()).toHaveTextContent('Status: foo_bar (bar_baz)');
    // Not known to be over: no end is announced, and the run can still be stopped.
    expect(announcement()).toBe('');
    expect(screen.getByRole('button', { name: 'Stop run' })).toBeInTheDocument();
    await expectAccessible(container);
  });

  it('addresses a given run, and headings follow headingLevel', async () => {
    const service = simulator();
    const { taskId, runId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} runId={runId} headingLevel={4} />, { wrapper });
    await advance(0);
    await advance(4000);

    expect(screen.getByRole('heading', { name: `Run ${runId}`, level: 4 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to Acme Shop', level: 5 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Live view', level: 5 })).toBeInTheDocument();
    expect(
      service.requests.filter((request) => request.path.endsWith('/run/status')).every((request) => request.query.runId === runId),
    ).toBe(true);
  });

  it('renders a generic tool with the schema from tools', async () => {
    const scenario: Scenario = {
      name: 'approve',
      description: 'asks for approval',
      keywords: [],
      steps: [{ type: 'tool_call', tool: 'approve', parameters: { item: 'Chair' } }],
      result: { summary: 'done' },
    };
    const tool = {
      type: 'function' as const,
      function: {
        name: 'approve',
        parameters: { type: 'object', properties: { approved: { type: 'boolean', title: 'Approve the purchase' } } },
      },
    };
    const service = simulator({ scenarios: [scenario] });
    const { taskId } = await startTask(service, 'Buy a chair', [tool, formInputTool()]);
    const { wrapper } = provider(service.client);
    render(<RunViewer taskId={taskId} tools={[tool]} />, { wrapper });
    await advance(0);

    const user = setupUser();
    await user.click(screen.getByRole('checkbox', { name: 'Approve the purchase' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await advance(0);
    expect(service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual(['{"approved":true}']);
  });

  it('uses custom renderers and replaces texts through messages', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(
      <RunViewer
        taskId={taskId}
        renderers={{ form_input: ({ submit }) => <button onClick={() => void submit('[]')}>Answer with nothing</button> }}
        messages={{ heading: () => 'Anmeldung', statusBadge: { waitingForInput: () => 'Wartet auf Sie' } }}
      />,
      { wrapper },
    );
    await advance(0);
    await advance(4000);

    expect(screen.getByRole('region', { name: 'Anmeldung' })).toBeInTheDocument();
    expect(screen.getByText('Wartet auf Sie')).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Answer with nothing' }));
    await advance(0);
    expect(service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual(['[]']);
  });
});
