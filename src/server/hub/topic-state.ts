import type { EventResource } from '../../client';
import type { StoredChange } from '../stores/proxy-store';

const RESOURCES = ['status', 'result', 'gif'] as const;

interface Latest {
  readonly payload: string;
  /** Nothing more to ask of it for this run. */
  final: boolean;
  readonly error: boolean;
}

/**
 * What an instance knows of a topic: the latest payload of each resource, committed here or seen
 * from another instance (an unchanged answer is no change), and so what its poller asks next.
 */
export class TopicState {
  private readonly latest = new Map<EventResource, Latest>();
  /** The service refused the key: nothing is asked until a stream names the topic again or an answer comes. */
  refused = false;

  /** The first of status, result and GIF without a final payload; `halted` once the status ended in an error or the key was refused. */
  get next(): EventResource | 'done' | 'halted' {
    const status = this.latest.get('status');
    if (this.refused || (status?.final === true && status.error)) return 'halted';
    return RESOURCES.find((resource) => this.latest.get(resource)?.final !== true) ?? 'done';
  }

  get finished(): boolean {
    return this.next === 'done' || this.next === 'halted';
  }

  /** Whether the status shows a run going on. */
  get running(): boolean {
    return this.latest.get('status')?.final === false;
  }

  /** Whether the status is final: the run ended, or its status is not asked any more. */
  get ended(): boolean {
    return this.latest.get('status')?.final === true;
  }

  has(resource: EventResource, payload: string): boolean {
    return this.latest.get(resource)?.payload === payload;
  }

  /** A status that changed (a new run, or the run's end) leaves the result and the GIF to be read again. */
  remember(resource: EventResource, payload: string, { final, error } = flags(payload)): void {
    const before = this.latest.get('status');
    if (resource === 'status' && !error && before !== undefined && before.payload !== payload)
      for (const latest of [this.latest.get('result'), this.latest.get('gif')]) if (latest !== undefined) latest.final = false;
    this.latest.set(resource, { payload, final, error });
    if (!error) this.refused = false;
  }

  /** Knows only `changes`: anything else is new, even if it was seen before. */
  reset(changes: readonly StoredChange[] = []): void {
    this.latest.clear();
    for (const change of changes) this.remember(change.resource, change.payload);
  }

  /** Everything is asked again from the status; an unchanged answer is still no change. */
  restart(): void {
    for (const latest of this.latest.values()) latest.final = false;
    this.refused = false;
  }
}

/** Whether a change's payload says it is final. */
export const isFinalPayload = (payload: string): boolean => flags(payload).final;

/** An unreadable payload is not final: the topic is polled rather than forgotten. */
function flags(payload: string): { final: boolean; error: boolean } {
  try {
    const { final, error } = JSON.parse(payload) as { final?: unknown; error?: unknown };
    return { final: final === true, error: error !== undefined };
  } catch {
    return { final: false, error: false };
  }
}
