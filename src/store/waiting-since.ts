import type { RunStatus } from '../client';
import { callKey, runKey } from './tool-input-state';

/**
 * When each pending tool call was first seen. The service says nothing about when a call began
 * (spec §2.5), so "waiting for you for 2 min" counts from the first status that showed it: through
 * a `createTaskProxy`, from when the proxy first saw it (the same in every browser); otherwise,
 * from when this store (or the first tab of the origin) did. One entry per run address: a call
 * the run no longer shows is forgotten, so a long session keeps only what is pending now.
 */
export class WaitingClock {
  /** When each call was first seen, and whether that time is the proxy's. */
  private readonly since = new Map<string, { at: number; fromProxy: boolean }>();
  private readonly byRun = new Map<string, string>();

  /** `onGone` hears of each call no status shows any more (its draft can go). */
  constructor(private readonly onGone: (taskId: string, toolCallId: string) => void = () => {}) {}

  /**
   * A status of the run read at `at` (ms since the epoch, this browser's clock); `proxySeenAt`:
   * when the proxy first saw its pending call, if it said. A proxy's clock may run ahead of the
   * browser's: its time is taken no later than `at`, so no call has waited less than nothing.
   */
  observe(taskId: string, runId: string | undefined, status: RunStatus, at: number, proxySeenAt?: number): void {
    const scope = runKey(taskId, runId);
    const toolCallId = status.toolCall?.toolCallId;
    const previous = this.byRun.get(scope);
    const next = toolCallId === undefined ? undefined : callKey(taskId, toolCallId);
    if (previous !== undefined && previous !== next) {
      this.byRun.delete(scope);
      // Another address of the same run (by id, or "the most recent") may still show it.
      if (![...this.byRun.values()].includes(previous)) {
        this.since.delete(previous);
        const [gone, goneCall] = JSON.parse(previous) as [string, string];
        this.onGone(gone, goneCall);
      }
    }
    if (next === undefined) return;
    this.byRun.set(scope, next);
    this.note(next, Math.min(proxySeenAt ?? at, at), proxySeenAt !== undefined);
  }

  /** Another tab's time for the call (`fromProxy`: the proxy's), taken as this tab's own sighting would be. */
  adopt(taskId: string, toolCallId: string, at: number, fromProxy = false): boolean {
    return this.note(callKey(taskId, toolCallId), at, fromProxy);
  }

  get(taskId: string, toolCallId: string): number | undefined {
    return this.since.get(callKey(taskId, toolCallId))?.at;
  }

  /** Whether the time of the call is the proxy's. */
  isFromProxy(taskId: string, toolCallId: string): boolean {
    return this.since.get(callKey(taskId, toolCallId))?.fromProxy === true;
  }

  /**
   * The proxy's time beats this browser's own (it is the same in every browser); between two of
   * the same kind, the earlier wins, so a time once shown never moves later.
   */
  private note(id: string, at: number, fromProxy: boolean): boolean {
    const known = this.since.get(id);
    if (known !== undefined && ((known.fromProxy && !fromProxy) || (known.fromProxy === fromProxy && known.at <= at))) return false;
    this.since.set(id, { at, fromProxy });
    return true;
  }
}
