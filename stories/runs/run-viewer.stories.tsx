import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within, type UserEventObject } from 'storybook/test';
import { createTaskClient, encodeFormAnswer, RunViewer, type RunViewerProps } from '../../src';
import { approvePurchaseTool, DEFAULT_SIMULATOR_API_KEY, SIMULATOR_ORIGIN, type SimulatedService } from '../../src/testing';
import { imageLoaded, liveViewConnected } from '../support/loaded';
import {
  LOGIN_TASK,
  releaseSimulator,
  simulate,
  simulatorOf,
  startTask,
  storyRunOf,
  untilToolCall,
  withSimulator,
  type StoryClock,
  type StoryRun,
} from '../support/simulator';

const STATUS = { method: 'GET', path: '/api/v1/task/{taskId}/run/status' };
const TOOL_INPUT = { method: 'POST', path: '/api/v1/task/{taskId}/run/tool-input' };

// Every story runs against its own in-process simulated service (`hitl-react/testing`) on a clock
// that stands still, so the run stays in the state the story put it in. Stories that show a
// failure reach it through the service's fault injection, never by replacing a component.
const meta = {
  title: 'Runs/RunViewer',
  component: RunViewer,
  tags: ['autodocs'],
  decorators: [withSimulator],
  beforeEach: releaseSimulator,
  args: {
    // Replaced by the task the story's simulated service runs (see `render`).
    taskId: '',
    pollIntervalMs: 250,
    locale: 'en-GB',
    onStatusChange: fn<NonNullable<RunViewerProps['onStatusChange']>>(),
  },
  argTypes: {
    taskId: { control: false, description: 'Set by the story to the task its simulated service runs.' },
    client: { control: false },
    onStatusChange: { table: { category: 'Events' } },
  },
  render: (args, context) => <RunViewer {...args} taskId={storyRunOf(context).taskId} />,
} satisfies Meta<typeof RunViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A login run, waiting for its `form_input` call to be answered. */
async function waitingLogin({ service, clock }: { service: SimulatedService; clock: StoryClock }): Promise<StoryRun> {
  const run = await startTask(service, LOGIN_TASK);
  await untilToolCall(service, clock, run);
  return run;
}

const viewerOf = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: 'Latest run' });
const badgeOf = (canvasElement: HTMLElement) => viewerOf(canvasElement).querySelector('.hitl-run-status-badge');
/** The viewer's own polite announcer (the live view has a status region of its own). */
function announcementOf(canvasElement: HTMLElement): string | null | undefined {
  const root = viewerOf(canvasElement);
  return within(root)
    .getAllByRole('status')
    .find((element) => element.parentElement === root)?.textContent;
}

/** Answers the login form as a person would. */
async function signIn(canvasElement: HTMLElement, user: UserEventObject) {
  const canvas = within(canvasElement);
  const username = await canvas.findByRole('textbox', { name: 'Username' });
  // In the test runner, the first framed page of a file can take focus away from the story's
  // frame while it starts; typing begins once the live view has loaded, so no keystroke is lost.
  await liveViewConnected(canvasElement);
  await user.type(username, 'ada');
  await user.type(canvas.getByLabelText('Password'), 'correct horse');
  await user.click(canvas.getByRole('button', { name: 'Sign in' }));
}

/** No status yet: the first status request gets no answer. */
export const Loading: Story = {
  loaders: [
    simulate({
      setup: async ({ service }) => {
        const run = await startTask(service, LOGIN_TASK);
        service.faults.inject({ type: 'hang', match: STATUS, times: Infinity });
        return run;
      },
    }),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'loading');
    await expect(badgeOf(canvasElement)).toHaveTextContent('Loading status…');
    await expect(canvas.queryByRole('button', { name: 'Stop run' })).not.toBeInTheDocument();
  },
};

/** The agent is on a page (`detailedStatus: processing_page`): status in words, a stop button and a view-only live view. */
export const ProcessingPage: Story = {
  loaders: [simulate({ setup: ({ service }) => startTask(service, LOGIN_TASK) })],
  play: async ({ canvas, canvasElement, loaded }) => {
    const { service } = simulatorOf({ loaded });
    const { runId } = storyRunOf({ loaded });
    await waitFor(() => expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'running'));
    await expect(viewerOf(canvasElement)).toHaveAttribute('data-detailed-status', 'processing_page');
    await expect(badgeOf(canvasElement)).toHaveTextContent('Running — loading a page');
    await expect(canvas.getByRole('button', { name: 'Stop run' })).toBeInTheDocument();
    const frame = await canvas.findByTitle('Live view of the run');
    await expect(frame).toHaveAttribute('src', `${service.publicUrl}/live/${runId}`);
    await expect(frame).toHaveAttribute('inert');
    // Nothing has happened yet: the run was already working when the view opened.
    await expect(announcementOf(canvasElement)).toBe('');
  },
};

/** A `form_input` call waits for the person (`detailedStatus: tool_call`); the live view stays, in case the page matters. */
export const ToolCallPending: Story = {
  loaders: [simulate({ setup: waitingLogin })],
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Sign in to Acme Shop', level: 3 })).toBeInTheDocument();
    await expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'waiting');
    await expect(badgeOf(canvasElement)).toHaveTextContent('Waiting for your input');
    await waitFor(() => expect(announcementOf(canvasElement)).toBe('The agent is waiting for your answer.'));
    await expect(canvas.getByTitle('Live view of the run')).toBeInTheDocument();
  },
};

/**
 * `toolCallTimeoutMs`: the person has ten minutes from when the call was first seen; the prompt
 * shows the time left (said to screen readers at 5 min, 1 min, 30 s and 10 s).
 */
export const ToolCallWithDeadline: Story = {
  args: { toolCallTimeoutMs: 10 * 60_000 },
  loaders: [simulate({ setup: waitingLogin })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Username' })).toBeEnabled();
    await expect(await canvas.findByText(/^Time left: (10|9) min$/)).toBeVisible();
  },
};

/**
 * At the deadline the prompt closes with a note, and the run is stopped (the service cannot
 * decline one call) unless `onToolCallExpired` returns `false`. Here the time was up at once.
 */
export const ToolCallExpired: Story = {
  args: { toolCallTimeoutMs: 0, onToolCallExpired: fn<NonNullable<RunViewerProps['onToolCallExpired']>>() },
  loaders: [simulate({ setup: waitingLogin })],
  play: async ({ args, canvas, canvasElement }) => {
    await expect(await canvas.findByText('This request expired. The agent was told it was not answered in time.')).toBeVisible();
    await waitFor(() => expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'stopped'));
    await expect(canvas.queryByRole('textbox', { name: 'Username' })).not.toBeInTheDocument();
    await expect(args.onToolCallExpired).toHaveBeenCalledTimes(1);
  },
};

/** A caller-defined tool that is not a form: with its definition in `tools`, the call gets a form generated from its schema. */
export const GenericToolCall: Story = {
  args: { tools: [approvePurchaseTool()] },
  loaders: [
    simulate({
      service: { scenario: 'non-form-tool' },
      setup: async ({ service, clock }) => {
        const run = await startTask(service, 'Buy an office chair under €400', [approvePurchaseTool()]);
        await untilToolCall(service, clock, run);
        return run;
      },
    }),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'approve_purchase' })).toBeInTheDocument();
    await expect(canvas.getByRole('spinbutton', { name: 'amount' })).toHaveValue(349);
  },
};

/** The answer is on its way (the tool-input request has not been answered): the form is disabled and says so. */
export const Submitting: Story = {
  loaders: [
    simulate({
      setup: async (context) => {
        const run = await waitingLogin(context);
        context.service.faults.inject({ type: 'hang', match: TOOL_INPUT });
        return run;
      },
    }),
  ],
  play: async ({ canvas, canvasElement, userEvent }) => {
    await signIn(canvasElement, userEvent);
    await expect(await canvas.findByText('Sending your answer…')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
    await expect(canvasElement.querySelector('form')).toHaveAttribute('aria-busy', 'true');
  },
};

/**
 * The service accepted the answer and has not yet reported the run moving on (its status requests
 * get no answer here): "Sent. Waiting for the agent…" takes the form's place, and takes focus.
 */
export const Submitted: Story = {
  loaders: [simulate({ setup: waitingLogin })],
  play: async ({ canvas, canvasElement, loaded, userEvent }) => {
    const { service } = simulatorOf({ loaded });
    await canvas.findByRole('heading', { name: 'Sign in to Acme Shop' });
    service.faults.inject({ type: 'hang', match: STATUS, times: Infinity });
    await signIn(canvasElement, userEvent);
    const sent = await canvas.findByText('Sent. Waiting for the agent…', { selector: 'p' });
    await expect(canvas.queryByRole('textbox', { name: 'Username' })).not.toBeInTheDocument();
    await waitFor(() => expect(announcementOf(canvasElement)).toBe('Sent. Waiting for the agent…'));
    await expect(document.activeElement?.contains(sent)).toBe(true);
  },
};

/** The tool-input request failed (HTTP 503): the typed values stay, with "Try again" (same answer) and "Edit answer". */
export const SubmitFailed: Story = {
  loaders: [
    simulate({
      setup: async (context) => {
        const run = await waitingLogin(context);
        context.service.faults.inject({ type: 'http-503', match: TOOL_INPUT });
        return run;
      },
    }),
  ],
  play: async ({ canvas, canvasElement, userEvent }) => {
    await signIn(canvasElement, userEvent);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your answer could not be sent: Service unavailable');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Edit answer' })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
    await expect(canvas.getByRole('textbox', { name: 'Username' })).toBeDisabled();
  },
};

/**
 * The service took the answer but the reply was lost (a 502 after handling); the status read at
 * once shows the run moved on, so the answer was probably received: no resend is offered.
 */
export const StaleCall: Story = {
  loaders: [
    simulate({
      setup: async (context) => {
        const run = await waitingLogin(context);
        context.service.faults.inject({ type: 'http-502', match: TOOL_INPUT, afterHandling: true });
        return run;
      },
    }),
  ],
  play: async ({ canvas, canvasElement, userEvent }) => {
    await signIn(canvasElement, userEvent);
    await expect(
      await canvas.findByText('Your answer was probably received: the agent has moved on.', {}, { timeout: 2000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  },
};

/**
 * The whole exchange: the person answers, the answer is sent ("Sending…", then "Sent…"), the run
 * moves on to its next page, and, once the story moves the service's clock on, completes.
 */
export const AnswerAndContinue: Story = {
  loaders: [simulate({ setup: waitingLogin })],
  play: async ({ args, canvas, canvasElement, loaded, userEvent }) => {
    const { service, clock } = simulatorOf({ loaded });
    const { taskId } = storyRunOf({ loaded });
    await canvas.findByRole('heading', { name: 'Sign in to Acme Shop' });
    // Every request now takes 400 ms, so each step stays on screen long enough to be seen.
    service.faults.configure({ latencyMs: 400 });
    await signIn(canvasElement, userEvent);
    await expect(await canvas.findByText('Sending your answer…')).toBeVisible();
    await expect(await canvas.findByText('Sent. Waiting for the agent…', { selector: 'p' })).toBeVisible();
    await waitFor(() => expect(badgeOf(canvasElement)).toHaveTextContent('Running — loading a page'), { timeout: 2000 });
    await expect(service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual([
      encodeFormAnswer([
        { label: 'Username', value: 'ada' },
        { label: 'Password', value: 'correct horse' },
      ]),
    ]);

    clock.advance(10_000);
    await waitFor(() => expect(badgeOf(canvasElement)).toHaveTextContent('Completed'), { timeout: 2000 });
    await expect(await canvas.findByText('Signed in as ada.', {}, { timeout: 2000 })).toBeVisible();
    await waitFor(() => expect(announcementOf(canvasElement)).toBe('The run completed.'));
    const onStatusChange = args.onStatusChange as ReturnType<typeof fn<NonNullable<RunViewerProps['onStatusChange']>>>;
    const seen = onStatusChange.mock.calls.map(([status]) => `${status.status}/${status.detailedStatus}`);
    await expect(seen).toEqual(['running/tool_call', 'running/processing_page', 'completed/completed']);
  },
};

/** Completed: the summary, the data table and the recording; the stop button and the live view are gone. */
export const Completed: Story = {
  loaders: [
    simulate({
      setup: async ({ service, clock }) => {
        const run = await startTask(service, LOGIN_TASK);
        const call = await untilToolCall(service, clock, run);
        const answer = encodeFormAnswer([
          { label: 'Username', value: 'ada' },
          { label: 'Password', value: 'correct horse' },
        ]);
        await service.client.submitToolInput(run.taskId, { input: answer, toolCallId: call.toolCallId });
        // Past the last two pages and the time the recording takes to be ready.
        clock.advance(10_000);
        return run;
      },
    }),
  ],
  play: async ({ canvas, canvasElement, loaded }) => {
    const { service } = simulatorOf({ loaded });
    const { runId } = storyRunOf({ loaded });
    await waitFor(() => expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'completed'));
    await expect(badgeOf(canvasElement)).toHaveTextContent('Completed');
    await expect(canvas.queryByRole('button', { name: 'Stop run' })).not.toBeInTheDocument();
    await expect(canvas.queryByTitle('Live view of the run')).not.toBeInTheDocument();
    await expect(await canvas.findByText('Signed in as ada.')).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Extracted data' });
    await expect(within(table).getByRole('rowheader', { name: 'Reward points' })).toBeInTheDocument();
    await expect(within(table).getByRole('cell', { name: '1,250' })).toBeInTheDocument();
    const image = await canvas.findByRole<HTMLImageElement>('img', { name: 'Recording of the run' });
    await expect(image).toHaveAttribute('src', `${service.publicUrl}/recordings/${runId}.gif`);
    // The recording really loads, from the catalogue's own server.
    await imageLoaded(image);
    await expect(image.naturalWidth).toBeGreaterThan(0);
  },
};

/** Failed: the error content is shown as an error: its message, then its other fields. */
export const Failed: Story = {
  loaders: [
    simulate({
      service: { scenario: 'failing-run' },
      setup: async ({ service, clock }) => {
        const run = await startTask(service, 'Book the Lisbon trip', []);
        clock.advance(10_000);
        return run;
      },
    }),
  ],
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'failed'));
    await expect(badgeOf(canvasElement)).toHaveTextContent('Failed');
    const error = await canvas.findByRole('group', { name: 'Error' });
    await expect(within(error).getByText('The payment page did not load after 3 attempts (HTTP 503).')).toBeVisible();
    await expect(error).toHaveTextContent('"code": "PAGE_LOAD_FAILED"');
    await waitFor(() => expect(announcementOf(canvasElement)).toBe('The run failed.'));
  },
};

/** Stopped by the person before it finished. */
export const Stopped: Story = {
  loaders: [
    simulate({
      setup: async ({ service, clock }) => {
        const run = await startTask(service, LOGIN_TASK);
        clock.advance(1000);
        await service.client.stopRun(run.taskId, { runId: run.runId });
        clock.advance(5000);
        return run;
      },
    }),
  ],
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'stopped'));
    await expect(badgeOf(canvasElement)).toHaveTextContent('Stopped');
    await expect(await canvas.findByText('The run was stopped before it finished.')).toBeVisible();
    await waitFor(() => expect(announcementOf(canvasElement)).toBe('The run was stopped.'));
  },
};

/** The service cannot be reached: the reason and a Retry. (Polls keep retrying with backoff meanwhile.) */
export const NetworkError: Story = {
  loaders: [
    simulate({
      setup: async ({ service }) => {
        const run = await startTask(service, LOGIN_TASK);
        service.faults.inject({ type: 'network', match: STATUS, times: Infinity });
        return run;
      },
    }),
  ],
  play: async ({ canvas, canvasElement }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Could not load the run status: the service could not be reached. Check the connection');
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'error');
  },
};

/** HTTP 401: the key was refused. The message says what to do, and never shows the key. */
export const KeyRefused: Story = {
  loaders: [
    simulate({
      client: (service) => service.createClient({ apiKey: 'sk_live_not-the-right-key', timeoutMs: 0 }),
      setup: ({ service }) => startTask(service, LOGIN_TASK),
    }),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The service refused the API key, so the run cannot be shown. Check the key, then retry.',
    );
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await expect(canvasElement.innerHTML).not.toContain('sk_live_not-the-right-key');
    await expect(canvasElement.innerHTML).not.toContain(DEFAULT_SIMULATOR_API_KEY);
  },
};

/**
 * The service answers with a status value this library does not know (`archived`): shown raw, and
 * not taken for the end of the run (it may still ask the person something): polled on, more slowly.
 */
export const UnknownStatus: Story = {
  loaders: [
    simulate({
      // The service's own answer, with a status value the spec does not list written into it.
      client: (service) =>
        createTaskClient({
          baseUrl: SIMULATOR_ORIGIN,
          apiKey: DEFAULT_SIMULATOR_API_KEY,
          timeoutMs: 0,
          fetch: async (request) => {
            const response = await service.fetch(request);
            if (!new URL(request.url).pathname.endsWith('/run/status')) return response;
            const body = (await response.json()) as { data: Record<string, unknown> };
            body.data = { ...body.data, status: 'archived', detailedStatus: 'archived_by_owner' };
            return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
          },
        }),
      setup: ({ service }) => startTask(service, LOGIN_TASK),
    }),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(viewerOf(canvasElement)).toHaveAttribute('data-state', 'unknown'));
    await expect(viewerOf(canvasElement)).toHaveAttribute('data-status', 'archived');
    await expect(badgeOf(canvasElement)).toHaveTextContent('Status: archived (archived_by_owner)');
    await expect(within(canvasElement).getByRole('button', { name: 'Stop run' })).toBeInTheDocument();
    await expect(announcementOf(canvasElement)).toBe('');
  },
};
