import { isRecord } from '../utils';
import type { RunStatus } from './types';

/** What deciding whether a run is over needs: its `status`, and its pending `toolCall` and `detailedStatus` if known. */
export type RunTerminalInput = Pick<RunStatus, 'status'> & Partial<Pick<RunStatus, 'toolCall' | 'detailedStatus'>>;

/**
 * Where a run stands, as far as its status tells:
 * - `live`: it goes on (a known in-progress `status`), or waits for the person (a pending tool call);
 * - `terminal`: its `status` is known to mean the run is over; nothing about it changes any more;
 * - `unknown`: a `status` this library does not know. It is not taken for over: a run that says
 *   `booting` may still ask the person something. It is polled on, more slowly (see
 *   `unknownStatusInterval`), and shown raw.
 */
export type RunStatusClass = 'live' | 'terminal' | 'unknown';

/**
 * Run `status` values recognised as "still going". The spec shows only `running` and `completed`
 * (§3) and says the full set is not shown, so this list also names the in-progress words services of
 * this kind commonly use. Values are compared after trimming, lower-casing and turning spaces and
 * dashes into `_`.
 */
export const DEFAULT_NON_TERMINAL_RUN_STATUSES: readonly string[] = Object.freeze([
  'running',
  'active',
  'queued',
  'pending',
  'created',
  'scheduled',
  'starting',
  'started',
  'initializing',
  'initialising',
  'in_progress',
  'processing',
  'paused',
  'waiting',
  'waiting_for_input',
  'requires_action',
  'resuming',
  // A run being stopped has not stopped yet: keep polling until the service says what it became.
  'stopping',
  'cancelling',
  'canceling',
]);

/**
 * Run `status` values recognised as "over": the run will not change any more, its result can be
 * read. The spec shows `completed` (§3); the others are the end states of comparable run, task and
 * workflow APIs: `finished` and `stopped` (Browser Use), `succeeded`, `failed`, `timed_out`,
 * `aborted` (AWS Step Functions), `cancelled`, `expired`, `incomplete` (OpenAI runs), `canceled`,
 * `terminated` (Temporal), `error`, `timeout` (Azure runs), `complete` (Kubernetes jobs), `success`
 * (Airflow), and their common variants. A value in neither this list nor
 * `DEFAULT_NON_TERMINAL_RUN_STATUSES` is `unknown`, never taken for over.
 */
export const DEFAULT_TERMINAL_RUN_STATUSES: readonly string[] = Object.freeze([
  'completed',
  'complete',
  'succeeded',
  'success',
  'finished',
  'done',
  'failed',
  'failure',
  'error',
  'errored',
  'stopped',
  'cancelled',
  'canceled',
  'aborted',
  'terminated',
  'timed_out',
  'timeout',
  'expired',
  'incomplete',
]);

/**
 * Which run `status` values mean what (`RunStoreOptions` and the proxy's `events` take the same two).
 * A list you give replaces its default (spread the default to add to it). A value named in the list
 * you give is taken out of the other default list, so naming `queued` as terminal is enough; a value
 * in both lists you give counts as non-terminal.
 */
export interface RunStatusSets {
  /** Run `status` values meaning "still going". Default: `DEFAULT_NON_TERMINAL_RUN_STATUSES`. */
  nonTerminalRunStatuses?: Iterable<string> | undefined;
  /** Run `status` values meaning "over". Default: `DEFAULT_TERMINAL_RUN_STATUSES`. */
  terminalRunStatuses?: Iterable<string> | undefined;
}

/** A status value as compared: trimmed, lower-case, spaces and dashes as `_`; non-strings are `''`. */
export function normaliseStatus(status: unknown): string {
  return typeof status === 'string'
    ? status
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    : '';
}

function toSet(values: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const value of values) set.add(normaliseStatus(value));
  return set;
}

interface ResolvedSets {
  readonly live: ReadonlySet<string>;
  readonly over: ReadonlySet<string>;
}

const defaultSets: ResolvedSets = { live: toSet(DEFAULT_NON_TERMINAL_RUN_STATUSES), over: toSet(DEFAULT_TERMINAL_RUN_STATUSES) };

/** An iterable of strings is the non-terminal list, as `isTerminalRunStatus` always took it. */
function toSets(options: Iterable<string> | RunStatusSets | undefined): RunStatusSets {
  if (options === undefined || options === null) return {};
  return typeof (options as Partial<Iterable<string>>)[Symbol.iterator] === 'function'
    ? { nonTerminalRunStatuses: options as Iterable<string> }
    : (options as RunStatusSets);
}

function resolveSets(options: Iterable<string> | RunStatusSets | undefined): ResolvedSets {
  const { nonTerminalRunStatuses: live, terminalRunStatuses: over } = toSets(options);
  if (live === undefined && over === undefined) return defaultSets;
  const liveSet = live === undefined ? new Set(defaultSets.live) : toSet(live);
  const overSet = over === undefined ? defaultSets.over : toSet(over);
  // A terminal value the caller named beats the default non-terminal list. Otherwise the
  // non-terminal list is looked at first: between two given lists, polling on is the safe side.
  if (live === undefined) for (const value of overSet) liveSet.delete(value);
  return { live: liveSet, over: overSet };
}

function classifyWith(sets: ResolvedSets, run: RunTerminalInput): RunStatusClass {
  // Not a record (a custom client's `null`): nothing known, so nothing taken for over.
  if (!isRecord(run)) return 'unknown';
  // A pending call waits for the person's answer whatever `status` says (spec §3).
  if ((run.toolCall !== null && run.toolCall !== undefined) || normaliseStatus(run.detailedStatus) === 'tool_call') return 'live';
  const status = normaliseStatus(run.status);
  if (sets.live.has(status)) return 'live';
  return sets.over.has(status) ? 'terminal' : 'unknown';
}

/**
 * Where a run stands (see `RunStatusClass`): `live` with a pending `toolCall` or `detailedStatus`
 * `tool_call`, or a `status` in the non-terminal list; `terminal` only for a `status` in the terminal
 * list; otherwise `unknown`, which keeps being polled (more slowly) and is shown raw.
 *
 * @param options The two lists. Default: `DEFAULT_NON_TERMINAL_RUN_STATUSES` and `DEFAULT_TERMINAL_RUN_STATUSES`.
 */
export function classifyRunStatus(run: RunTerminalInput, options?: RunStatusSets): RunStatusClass {
  return classifyWith(resolveSets(options), run);
}

/** `classifyRunStatus` with its lists resolved once, for code that classifies every poll. */
export function createRunStatusClassifier(options?: RunStatusSets): (run: RunTerminalInput) => RunStatusClass {
  const sets = resolveSets(options);
  return (run) => classifyWith(sets, run);
}

/**
 * True when a run `status` is known to mean the run will not change any more (see
 * `DEFAULT_TERMINAL_RUN_STATUSES`). A value this library does not know is not terminal.
 *
 * @param statuses The non-terminal list (as before), or both lists (`RunStatusSets`). Default: the default lists.
 */
export function isTerminalRunStatus(status: string, statuses?: Iterable<string> | RunStatusSets): boolean {
  return classifyWith(resolveSets(statuses), { status }) === 'terminal';
}

/** The longest wait between two polls of a run whose status is `unknown`, in ms. */
export const UNKNOWN_RUN_STATUS_MAX_INTERVAL_MS = 30_000;

/**
 * The wait before the next poll of a run whose status has been `unknown` for `unknownForMs` (from
 * the start of the first request that said so to the start of the last one): as long as it has been
 * unknown, at least `intervalMs`, at most `UNKNOWN_RUN_STATUS_MAX_INTERVAL_MS` (unless `intervalMs`
 * is longer). Polls so come after 1, 1, 2, 4, 8… intervals, doubling up to 30 s: a run that boots
 * for a long time costs the service little, and one that turns live (asks the person something)
 * is seen at most about as late as it had been unknown before, and never more than 30 s late.
 */
export function unknownStatusInterval(intervalMs: number, unknownForMs: number): number {
  return Math.max(intervalMs, Math.min(UNKNOWN_RUN_STATUS_MAX_INTERVAL_MS, unknownForMs));
}

/**
 * GIF `status` values after which the GIF will not change. The spec shows only `completed` (§2.7);
 * the failure words are recognised so a GIF that will never exist is not polled for ever. Unlike run
 * statuses, an unknown GIF status keeps polling: a GIF being rendered has no reason to be final.
 */
export const FINAL_GIF_STATUSES: readonly string[] = Object.freeze(['completed', 'failed', 'error', 'cancelled', 'canceled', 'expired']);

const finalGifSet: ReadonlySet<string> = toSet(FINAL_GIF_STATUSES);

/** True when a GIF status will not change any more (see `FINAL_GIF_STATUSES`). */
export function isFinalGifStatus(status: string): boolean {
  return finalGifSet.has(normaliseStatus(status));
}
