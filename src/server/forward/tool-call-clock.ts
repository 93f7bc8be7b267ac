import { TOOL_CALL_SEEN_AT_HEADER, type TaskEndpointName } from '../../client';
import { isRecord } from '../../utils';
import type { ProxyStore } from '../stores/proxy-store';

/** What the proxy's clock of tool calls needs. */
interface ToolCallClockSettings {
  store: Pick<ProxyStore, 'noteToolCallSeen'>;
  /** How long the store keeps a sighting after the call was last seen. */
  ttlMs: number;
  /** Longest wait for the store; past it, this instance answers with what it knows itself. Default: 2000. */
  storeTimeoutMs?: number;
  onStoreError(error: unknown): void;
  /**
   * Told of every sighting of a pending call (each status poll, each stream change), with when it
   * was first seen: the deadlines and notifications of service calls. Must not throw or wait.
   */
  onPending?(taskId: string, toolCall: PendingToolCall, waitingSince: number): void;
}

/** A pending call as a status shows it: its id, and its tool when the status was read (agent-made data, unchecked). */
export interface PendingToolCall {
  readonly toolCallId: string;
  readonly tool?: { readonly name?: unknown; readonly parameters?: unknown } | undefined;
}

/** Most sightings an instance keeps for itself (the oldest go first). */
const MAX_KNOWN = 10_000;

/** After a store failure, the clock does without the store this long: a store that hangs must not slow every status. */
const QUIET_AFTER_FAILURE_MS = 10_000;

/** A longer id (agent-made data) is not kept anywhere: its call counts as first seen now. */
const MAX_ID_LENGTH = 1024;

/**
 * When the proxy first saw each pending tool call: one time for every browser, whichever instance
 * it asks, so "waiting for 2 min" and the inbox's "oldest first" agree everywhere. The store keeps
 * the earliest time any instance saw the call. Each instance also keeps what it saw or was told,
 * and writes it back at each sighting: a store that lost its state (a Redis restarted empty) learns
 * the earliest time an instance still knows, not the time of the next sighting. While the store
 * fails, an instance answers with its own times.
 */
export class ToolCallClock {
  private readonly known = new Map<string, number>();
  private quietUntil = Number.NEGATIVE_INFINITY;

  constructor(private readonly settings: ToolCallClockSettings) {}

  /** The call is pending now (`at`, ms since the epoch): when it was first seen. `toolCall` is the status's, when at hand. */
  async seen(taskId: string, toolCallId: string, at = Date.now(), toolCall?: PendingToolCall): Promise<number> {
    if (taskId.length + toolCallId.length > MAX_ID_LENGTH) return at;
    const id = JSON.stringify([taskId, toolCallId]);
    const known = this.known.get(id);
    let earliest = known === undefined ? at : Math.min(known, at);
    const { store, ttlMs } = this.settings;
    if (store.noteToolCallSeen !== undefined && Date.now() >= this.quietUntil) {
      try {
        const kept = await this.bounded(store.noteToolCallSeen(taskId, toolCallId, earliest, ttlMs));
        if (Number.isFinite(kept) && kept > 0) earliest = Math.min(earliest, kept);
      } catch (error) {
        this.quietUntil = Date.now() + QUIET_AFTER_FAILURE_MS;
        this.settings.onStoreError(error);
      }
    }
    // Most recently seen last, so the oldest sighting is the one forgotten.
    this.known.delete(id);
    this.known.set(id, earliest);
    if (this.known.size > MAX_KNOWN) this.known.delete(this.known.keys().next().value as string);
    try {
      this.settings.onPending?.(taskId, toolCall ?? { toolCallId }, earliest);
    } catch {
      // The status is answered whatever a listener does.
    }
    return earliest;
  }

  /**
   * A forwarded answer of endpoint `name`: for `GET …/run/status` showing a pending call, with
   * `x-hitl-tool-call-seen-at`. The body is the service's, untouched.
   */
  async stamp(name: TaskEndpointName, taskId: string | undefined, response: Response): Promise<Response> {
    if (name !== 'getRunStatus' || taskId === undefined || !response.ok) return response;
    let toolCallId: unknown;
    let tool: unknown;
    try {
      const body: unknown = JSON.parse(await response.clone().text());
      const data = isRecord(body) ? body.data : undefined;
      toolCallId = isRecord(data) && isRecord(data.toolCall) ? data.toolCall.toolCallId : undefined;
      tool = isRecord(data) && isRecord(data.toolCall) ? data.toolCall.tool : undefined;
    } catch {
      return response;
    }
    if (typeof toolCallId !== 'string' || toolCallId === '') return response;
    const at = await this.seen(taskId, toolCallId, Date.now(), { toolCallId, tool: isRecord(tool) ? tool : undefined });
    response.headers.set(TOOL_CALL_SEEN_AT_HEADER, new Date(at).toISOString());
    return response;
  }

  private bounded<T>(call: Promise<T>): Promise<T> {
    const timeoutMs = this.settings.storeTimeoutMs ?? 2000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the proxy store did not answer noteToolCallSeen within ${timeoutMs} ms`)), timeoutMs);
      (timer as { unref?: () => void }).unref?.();
    });
    return Promise.race([call, late]).finally(() => clearTimeout(timer));
  }
}
