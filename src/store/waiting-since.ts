import type { RunStatus } from '../client';

const callId = (taskId: string, toolCallId: string) => JSON.stringify([taskId, toolCallId]);
const runScope = (taskId: string, runId: string | undefined) => JSON.stringify([taskId, runId ?? null]);

/**
 * When this store first saw each pending tool call. The service says nothing about when a call
 * began (spec §2.5), so "waiting for you for 2 min" counts from the first status that showed it.
 * One entry per run address: a call the run no longer shows is forgotten, so a long session keeps
 * only what is pending now.
 */
export class WaitingClock {
  private readonly since = new Map<string, number>();
  private readonly byRun = new Map<string, string>();

  /** `onGone` hears of each call no status shows any more (its draft can go). */
  constructor(private readonly onGone: (taskId: string, toolCallId: string) => void = () => {}) {}

  /** A status of the run read at `at` (ms since the epoch). */
  observe(taskId: string, runId: string | undefined, status: RunStatus, at: number): void {
    const scope = runScope(taskId, runId);
    const toolCallId = status.toolCall?.toolCallId;
    const previous = this.byRun.get(scope);
    const next = toolCallId === undefined ? undefined : callId(taskId, toolCallId);
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
    const known = this.since.get(next);
    if (known === undefined || at < known) this.since.set(next, at);
  }

  /** Another tab saw the call earlier: the earliest sighting wins. */
  adopt(taskId: string, toolCallId: string, at: number): boolean {
    const id = callId(taskId, toolCallId);
    const known = this.since.get(id);
    if (known !== undefined && known <= at) return false;
    this.since.set(id, at);
    return true;
  }

  get(taskId: string, toolCallId: string): number | undefined {
    return this.since.get(callId(taskId, toolCallId));
  }
}
