import type { ReactElement } from 'react';
import type { Decorator, StoryContext } from '@storybook/react-vite';
import {
  createRunStore,
  formInputTool,
  TaskClientProvider,
  type RunStore,
  type TaskClient,
  type ToolCall,
  type ToolDefinition,
} from '../../src';
import { createSimulatedService, type SimulatedService, type SimulatedServiceOptions } from '../../src/testing';
import { simulatorPublicUrl } from './simulator-assets';

/** Every catalogue service starts from this seed, so ids and fault dice are the same on every load. */
export const CATALOGUE_SEED = 'hitl-react-catalogue';

/** The moment every story clock starts at, so times shown (a run's start) read the same on every load. */
export const STORY_EPOCH = Date.UTC(2025, 2, 14, 9, 30);

/**
 * The simulated service's clock. The service moves a run along its script only as far as this
 * clock says, so a story's run stays in the state the story put it in, however long it is on
 * screen, until the story (or its `play`) calls `advance`. No real waiting, no timing races.
 */
export class StoryClock {
  #time = STORY_EPOCH;

  /** For the service's `now` option. */
  readonly now = (): number => this.#time;

  /** Moves the service's time on; the next request sees every step that finished meanwhile. */
  advance(ms: number): void {
    this.#time += ms;
  }
}

/** The task and run a story shows. */
export interface StoryRun {
  taskId: string;
  runId: string;
}

/** What a simulator story has at hand, in `render` and `play` (see `simulatorOf`). */
export interface StorySimulator {
  service: SimulatedService;
  clock: StoryClock;
  /** The client the components use: `service`'s, unless the story gave another. */
  client: TaskClient;
  /** A polling store of the story's own, so no state is shared between stories. */
  store: RunStore;
  /** The run `setup` prepared, if any. */
  run: StoryRun | undefined;
}

export interface SimulateOptions {
  /** Options of the simulated service. `seed` defaults to `CATALOGUE_SEED`; `now` is the story clock; `publicUrl` this page's origin. */
  service?: Omit<SimulatedServiceOptions, 'now' | 'publicUrl'>;
  /**
   * The client the components use, e.g. one with a refused key. Default: an in-process client of
   * the service without a time-out, because the faults a story injects (a request that hangs) are
   * meant to last as long as the story is on screen.
   */
  client?: (service: SimulatedService) => TaskClient;
  /** Drives the service into the state the story shows, before the story renders. */
  setup?: (context: { service: SimulatedService; clock: StoryClock }) => Promise<StoryRun | undefined> | StoryRun | undefined;
  /**
   * Reads what the page shows into the story's store, after `setup` and before the story renders,
   * as an app's store holds what it read before the person came back to the page. For a page that
   * reads hundreds of resources: each answer that arrives while it is on screen is a render of
   * its own, so it would otherwise show its state only after seconds of rendering.
   */
  preload?: (store: RunStore) => Promise<void>;
}

/**
 * A loader that makes a fresh simulated service for the story (and a store for it), and runs the
 * story's `setup`. Pair it with `withSimulator` (provides the client) and `releaseSimulator`
 * (stops the store afterwards) on the meta.
 */
export function simulate(options: SimulateOptions = {}): () => Promise<{ simulator: StorySimulator }> {
  // Takes no story context, so it fits the `loaders` of a meta or story of any component.
  return async () => {
    const clock = new StoryClock();
    const service = createSimulatedService({
      seed: CATALOGUE_SEED,
      ...options.service,
      now: clock.now,
      publicUrl: simulatorPublicUrl(),
    });
    const client = options.client?.(service) ?? service.createClient({ timeoutMs: 0 });
    const run = (await options.setup?.({ service, clock })) ?? undefined;
    // No first-poll jitter: a story's first request goes out at once.
    const store = createRunStore(client, { firstPollJitterMs: 0 });
    await options.preload?.(store);
    const simulator: StorySimulator = { service, clock, client, store, run };
    return { simulator };
  };
}

function isStorySimulator(value: unknown): value is StorySimulator {
  return typeof value === 'object' && value !== null && 'service' in value && 'store' in value && 'clock' in value;
}

/** The story's simulator, from its `simulate` loader. */
export function simulatorOf(context: Pick<StoryContext, 'loaded'>): StorySimulator {
  const simulator: unknown = context.loaded.simulator;
  if (!isStorySimulator(simulator)) throw new Error('This story needs a `simulate()` loader.');
  return simulator;
}

/** The run the story's `setup` prepared. */
export function storyRunOf(context: Pick<StoryContext, 'loaded'>): StoryRun {
  const { run } = simulatorOf(context);
  if (run === undefined) throw new Error('This story’s `simulate()` setup must return the run it prepared.');
  return run;
}

/**
 * Gives the story the simulator's client and store through `<TaskClientProvider>`. A decorator,
 * not a component the render function wraps around the story: the docs' source snippet is made
 * from what `render` returns, and a simulator, store or story context passed there as a prop
 * would be printed in full (the whole service, the page's DOM), which freezes the tab.
 * Generic over the args, so it fits the stories of a meta of any component.
 */
export function withSimulator<TArgs>(Story: Parameters<Decorator<TArgs>>[0], context: Parameters<Decorator<TArgs>>[1]): ReactElement {
  const { client, store } = simulatorOf(context);
  return (
    <TaskClientProvider client={client} store={store}>
      <Story />
    </TaskClientProvider>
  );
}

/** A `beforeEach` that stops the story's store and ends hung requests once the story is left. */
export function releaseSimulator(context: Pick<StoryContext, 'loaded'>): (() => void) | undefined {
  const simulator: unknown = context.loaded.simulator;
  if (!isStorySimulator(simulator)) return undefined;
  return () => {
    simulator.store.destroy();
    simulator.service.reset();
  };
}

/** Creates a task (its first run starts at once) and returns it and its run. */
export async function startTask(service: SimulatedService, task: string, tools: ToolDefinition[] = [formInputTool()]): Promise<StoryRun> {
  const { taskId } = await service.client.createTask({ task, agent: 'BROWSER_AGENT', tools });
  const runId = service.getTask(taskId)?.runs[0]?.id;
  if (runId === undefined) throw new Error(`The simulated task ${taskId} has no run.`);
  return { taskId, runId };
}

/** Lets the run work until it asks for input, and returns that tool call. */
export async function untilToolCall(service: SimulatedService, clock: StoryClock, run: StoryRun): Promise<ToolCall> {
  for (let step = 0; step < 20; step++) {
    const status = await service.client.getRunStatus(run.taskId, { runId: run.runId });
    if (status.toolCall !== null) return status.toolCall;
    if (status.status !== 'running') break;
    clock.advance(1000);
  }
  throw new Error('The simulated run never asked for input.');
}

/** The task text that makes the simulated service run its login scenario. */
export const LOGIN_TASK = 'Log in to Acme Shop and list my open orders';
