/**
 * Finished demo tasks and runs for the playground, so its task and run lists have pages to
 * browse the moment it opens.
 *
 * The simulator only moves a run along when it is asked about it, by its clock. Seeding pins
 * that clock in the past, creates each task and answers its tool calls while stepping the clock
 * forward, then lets it run free again: the runs end up finished, with realistic results,
 * timestamps spread over the last two days and recordings ready, in a few milliseconds.
 */
import { isTerminalRunStatus, type TaskClient, type ToolCall, type ToolDefinition } from '../src/client';
import { encodeFormAnswer, formInputTool, type FormAnswer, type FormAnswerValue, type FormField } from '../src/schema';
import { APPROVE_PURCHASE_TOOL_NAME, approvePurchaseTool, type SimulatedService } from '../src/testing';

/** A clock the simulator reads (`now`) that seeding can pin to a moment and step forward. */
export interface DemoClock {
  /** The time the simulator sees: the pinned moment, else the real time. */
  now: () => number;
  /** Pins the clock to `time` (ms since the epoch). */
  pin(time: number): void;
  /** Moves the pinned clock forward. */
  advance(ms: number): void;
  /** Back to the real time. */
  release(): void;
}

export function createDemoClock(realNow: () => number = Date.now): DemoClock {
  let pinned: number | undefined;
  return {
    now: () => pinned ?? realNow(),
    pin(time) {
      pinned = time;
    },
    advance(ms) {
      if (pinned === undefined) throw new Error('advance: the clock is not pinned');
      pinned += ms;
    },
    release() {
      pinned = undefined;
    },
  };
}

export interface SeedDemoDataOptions {
  /** Tasks to create, the busy one included. Default: 35. */
  taskCount?: number;
  /** Runs of the busy task (the newest seeded task). Default: 12. */
  busyTaskRuns?: number;
  /**
   * Largest step of a scenario, in simulator milliseconds (after `timeScale`); each poll steps the
   * clock this far. Default: 60000, as long as the longest built-in page takes at `timeScale` 20.
   */
  stepMs?: number;
}

export interface SeededDemoData {
  /** Every seeded task, oldest first. */
  taskIds: string[];
  /** The task with many runs. */
  busyTaskId: string;
}

const ACCOUNTS = ['ada.lovelace', 'grace.hopper', 'alan.turing', 'katherine.johnson', 'edsger.dijkstra', 'barbara.liskov'];
const ITEMS = ['office chair', 'standing desk', 'monitor arm', 'desk lamp', 'bookshelf', 'footrest'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Task texts, each with the keywords of one built-in scenario. `round` counts how often the list
 * has been gone through and picks the detail that keeps the names apart, so two pages of the task
 * list never look alike.
 */
const TASK_TEXTS: ReadonlyArray<(round: number) => string> = [
  (round) => `Log in to Acme Shop and download invoice #${1040 + round * 7}`,
  (round) => `Check out saved cart ${round + 1} at Acme Shop with the cheapest shipping`,
  (round) => `Buy the ${ITEMS[round % ITEMS.length] ?? 'chair'} from Acme Furniture once I approve it`,
  (round) => `Log in to Northwind Bank with 2FA and export the ${MONTHS[round % MONTHS.length] ?? 'January'} statement`,
  (round) => `Research lightweight laptops under €${800 + round * 100} and compare offers`,
  (round) => `Retry booking ${(round * 7919 + 4321).toString(36).toUpperCase()} on Acme Travel, whose payment page is broken`,
];

const BUSY_TASK_TEXT = 'Log in to Acme Shop and check the status of order ACME-10427';

const HOUR_MS = 60 * 60 * 1000;

/** The tools every seeded task gets, so every scenario can ask its questions. */
const SEED_TOOLS: ToolDefinition[] = [formInputTool(), approvePurchaseTool()];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A plausible answer to one form field, as a person filling in the form might give it. */
function demoFieldValue(field: FormField, n: number): FormAnswerValue {
  switch (field.label) {
    case 'Username':
      return ACCOUNTS[n % ACCOUNTS.length] ?? 'ada.lovelace';
    case 'Password':
      return 'demo-password';
    case 'Verification code':
      return '246810';
    case 'Place the order':
      return true;
  }
  const first = field.options?.[0]?.value;
  if (field.type === 'checkbox') return field.options === undefined ? field.defaultValue === true : first === undefined ? [] : [first];
  if (field.defaultValue !== undefined) return field.defaultValue;
  if (first !== undefined) return first;
  if (field.type === 'number' || field.type === 'range') return field.min ?? 0;
  if (field.type === 'switch') return false;
  return '';
}

/** What a person would answer to the call: a filled-in form, or an approval (every third one declined). */
function demoAnswer(toolCall: ToolCall, n: number): string {
  if (toolCall.tool.name === APPROVE_PURCHASE_TOOL_NAME) return JSON.stringify({ approved: n % 3 !== 2 });
  const fields = toolCall.tool.parameters.fields;
  const answer: FormAnswer = (Array.isArray(fields) ? fields.filter(isObject) : []).map((field) => {
    const formField = field as FormField;
    return { label: formField.label ?? '', value: demoFieldValue(formField, n) };
  });
  return encodeFormAnswer(answer);
}

/** Drives one run to its end: steps the clock, answers each tool call, stops it early when asked to. */
async function finishRun(
  client: TaskClient,
  clock: DemoClock,
  taskId: string,
  runId: string,
  n: number,
  stepMs: number,
  stop: boolean,
): Promise<void> {
  if (stop) {
    clock.advance(stepMs);
    await client.stopRun(taskId, { runId });
    return;
  }
  // A built-in scenario asks at most three questions; the bound only guards against a scenario that never ends.
  for (let step = 0; step < 50; step++) {
    clock.advance(stepMs);
    const status = await client.getRunStatus(taskId, { runId });
    if (status.toolCall !== null) {
      await client.submitToolInput(taskId, { input: demoAnswer(status.toolCall, n), toolCallId: status.toolCall.toolCallId }, { runId });
    } else if (isTerminalRunStatus(status.status)) {
      return;
    }
  }
  throw new Error(`seedDemoData: run ${runId} did not finish`);
}

async function latestRunId(client: TaskClient, taskId: string): Promise<string> {
  const page = await client.listRuns(taskId, { limit: 1 });
  const run = page.data[0];
  if (run === undefined) throw new Error(`seedDemoData: task ${taskId} has no run`);
  return run.id;
}

/**
 * Fills the simulator with finished tasks: one run each, a few stopped, the failing scenario
 * failed, the rest completed; the newest seeded task has `busyTaskRuns` runs. Events are an
 * hour apart, the last two hours ago, so everything a person creates later is newer. Leaves the
 * clock released.
 */
export async function seedDemoData(
  service: SimulatedService,
  clock: DemoClock,
  options: SeedDemoDataOptions = {},
): Promise<SeededDemoData> {
  const { taskCount = 35, busyTaskRuns = 12, stepMs = 60_000 } = options;
  if (!Number.isInteger(taskCount) || taskCount < 1) throw new RangeError('seedDemoData: taskCount must be a whole number of 1 or more');
  if (!Number.isInteger(busyTaskRuns) || busyTaskRuns < 1)
    throw new RangeError('seedDemoData: busyTaskRuns must be a whole number of 1 or more');
  const client = service.client;
  const events = taskCount + busyTaskRuns - 1;
  const start = clock.now() - (events + 1) * HOUR_MS;
  const taskIds: string[] = [];
  try {
    for (let n = 0; n < taskCount - 1; n++) {
      clock.pin(start + n * HOUR_MS);
      const text = TASK_TEXTS[n % TASK_TEXTS.length]?.(Math.floor(n / TASK_TEXTS.length)) ?? BUSY_TASK_TEXT;
      const { taskId } = await client.createTask({ task: text, agent: 'BROWSER_AGENT', tools: SEED_TOOLS });
      taskIds.push(taskId);
      await finishRun(client, clock, taskId, await latestRunId(client, taskId), n, stepMs, n % 8 === 5);
    }

    let event = taskCount - 1;
    clock.pin(start + event * HOUR_MS);
    const { taskId: busyTaskId } = await client.createTask({ task: BUSY_TASK_TEXT, agent: 'BROWSER_AGENT', tools: SEED_TOOLS });
    taskIds.push(busyTaskId);
    let runId = await latestRunId(client, busyTaskId);
    for (let run = 0; run < busyTaskRuns; run++) {
      if (run > 0) {
        event += 1;
        clock.pin(start + event * HOUR_MS);
        runId = service.startRun(busyTaskId).runId;
      }
      await finishRun(client, clock, busyTaskId, runId, run, stepMs, false);
    }
    return { taskIds, busyTaskId };
  } finally {
    clock.release();
  }
}
