import { isRecord } from '../utils';
import type { RunStatus } from './types';

/** What deciding whether a run is over needs: its `status`, and its pending `toolCall` if known. */
export type RunTerminalInput = Pick<RunStatus, 'status'> & Partial<Pick<RunStatus, 'toolCall'>>;

/**
 * Run `status` values recognised as "still going". The spec shows only `running` and `completed`
 * (§3) and says the full set is not shown, so this list also names the in-progress words services of
 * this kind commonly use. Anything not in it is treated as terminal, so an unknown value such as
 * `failed` or `stopped` never leaves a page polling forever; the raw value is still shown to the
 * person. Values are compared after trimming, lower-casing and turning spaces and dashes into `_`.
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
  'resuming',
  // A run being stopped has not stopped yet: keep polling until the service says what it became.
  'stopping',
]);

/** A status value as compared: trimmed, lower-case, spaces and dashes as `_`; non-strings are `''`. */
export function normaliseStatus(status: unknown): string {
  return typeof status === 'string'
    ? status
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    : '';
}

function toSet(values: Iterable<string>): ReadonlySet<string> {
  const set = new Set<string>();
  for (const value of values) set.add(normaliseStatus(value));
  return set;
}

const defaultSet = toSet(DEFAULT_NON_TERMINAL_RUN_STATUSES);

/**
 * True when a run `status` means the run will not change any more: `completed`, and every value not
 * recognised as non-terminal (see `DEFAULT_NON_TERMINAL_RUN_STATUSES`).
 *
 * @param nonTerminal The values that mean "still going". Default: `DEFAULT_NON_TERMINAL_RUN_STATUSES`.
 */
export function isTerminalRunStatus(status: string, nonTerminal?: Iterable<string>): boolean {
  const set = nonTerminal === undefined ? defaultSet : toSet(nonTerminal);
  return !set.has(normaliseStatus(status));
}

/**
 * Builds the check the store uses on a whole run status. A run with a pending tool call is never
 * terminal, whatever its `status` says: it waits for the person's answer (spec §3).
 */
export function createRunTerminalCheck(nonTerminal?: Iterable<string>): (run: RunTerminalInput) => boolean {
  const set = nonTerminal === undefined ? defaultSet : toSet(nonTerminal);
  // Not a record (a custom client's `null`): not known to be over, so it is not taken for over.
  return (run) => isRecord(run) && (run.toolCall === null || run.toolCall === undefined) && !set.has(normaliseStatus(String(run.status)));
}

/**
 * GIF `status` values after which the GIF will not change. The spec shows only `completed` (§2.7);
 * the failure words are recognised so a GIF that will never exist is not polled for ever. Unlike run
 * statuses, an unknown GIF status keeps polling: a GIF being rendered has no reason to be final.
 */
export const FINAL_GIF_STATUSES: readonly string[] = Object.freeze(['completed', 'failed', 'error', 'cancelled', 'canceled', 'expired']);

const finalGifSet = toSet(FINAL_GIF_STATUSES);

/** True when a GIF status will not change any more (see `FINAL_GIF_STATUSES`). */
export function isFinalGifStatus(status: string): boolean {
  return finalGifSet.has(normaliseStatus(status));
}
