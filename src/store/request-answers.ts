import { isTaskApiError } from '../client';
import { REQUEST_ENDED, type HumanAnswer, type RequestListingState } from '../request';
import type { RunStore } from './run-store';
import { Subscribable } from './store-observer';

/**
 * What this page learnt of a request's end before the proxy lists it so: its own answer went
 * through (`here`: the item leaves), someone else's came first (the proxy's 409), or it ended
 * without one (the proxy's 410, or its deadline passed on screen).
 */
export interface RequestOutcome {
  readonly state: Exclude<RequestListingState, 'open'>;
  /** This page's own answer went through. */
  readonly here?: true;
  /** Who answered first, as the proxy's 409 names them. */
  readonly answeredBy?: string | undefined;
  readonly endedAt?: number | undefined;
  /** When this page learnt it. */
  readonly at: number;
}

/** An outcome is forgotten this long after it was learnt: the proxy lists an ended request for about a minute. */
const KEEP_MS = 10 * 60_000;

const ENDED_STATES = ['cancelled', 'expired', 'unanswerable'] as const;

/** A time the proxy wrote (ms since the epoch, or an ISO 8601 string), else undefined. */
function timeOf(value: unknown): number | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The answers a store sends to the proxy's requests and what they taught it, shared by every
 * inbox of the store: an answer to a request already on its way is joined, not sent again.
 */
export class RequestAnswers extends Subscribable {
  private readonly outcomes = new Map<string, RequestOutcome>();
  private readonly pending = new Map<string, Promise<{ delivered: boolean }>>();

  constructor(private readonly store: RunStore) {
    super();
  }

  get(id: string): RequestOutcome | undefined {
    return this.outcomes.get(id);
  }

  /** Notes how a request ended, as this page learnt it. */
  record(id: string, outcome: RequestOutcome): void {
    const now = Date.now();
    for (const [known, { at }] of this.outcomes) if (now - at > KEEP_MS) this.outcomes.delete(known);
    this.outcomes.set(id, outcome);
    this.notify();
  }

  /**
   * Sends `answer` to request `id` once; a second call while the first is out joins it. An
   * `expired` cancel (what `<HumanRequestPrompt>` says at the deadline) is not sent: the proxy ends
   * the request itself, and the item says it expired. Afterwards
   * the requests are read again, so every inbox shows what the proxy says now. A 409 or 410 also
   * ends the item at once, with who answered or how it ended.
   */
  answer(id: string, answer: HumanAnswer): Promise<{ delivered: boolean }> {
    // The prompt's own word at the deadline: the proxy ends the request itself, nothing is sent.
    if (answer.action === 'cancel' && answer.expired === true) {
      if (this.outcomes.get(id) === undefined) this.record(id, { state: 'expired', endedAt: Date.now(), at: Date.now() });
      return Promise.resolve({ delivered: false });
    }
    const open = this.pending.get(id);
    if (open !== undefined) return open;
    const { client } = this.store;
    if (client.answerRequest === undefined) return Promise.reject(new Error('This client cannot answer requests'));
    const sending = client.answerRequest(id, answer).then(
      (result) => {
        this.record(id, { state: 'answered', here: true, at: Date.now() });
        return result;
      },
      (error: unknown) => {
        this.learn(id, error);
        throw error;
      },
    );
    const done = () => {
      this.pending.delete(id);
      this.store.invalidate((key) => key.resource === 'requests');
    };
    sending.then(done, done);
    this.pending.set(id, sending);
    return sending;
  }

  /** What a refused answer says of the request: who answered it first, or how it ended. */
  private learn(id: string, error: unknown): void {
    if (!isTaskApiError(error)) return;
    const details = error.details ?? {};
    const at = Date.now();
    if (error.kind === 'already_answered') {
      const by = details.answeredBy;
      this.record(id, { state: 'answered', answeredBy: typeof by === 'string' ? by : undefined, endedAt: timeOf(details.answeredAt), at });
    } else if (error.status === 410 && error.code === REQUEST_ENDED) {
      const state = ENDED_STATES.find((ended) => ended === details.state) ?? 'unanswerable';
      this.record(id, { state, endedAt: timeOf(details.endedAt), at });
    }
  }
}

const registries = new WeakMap<RunStore, RequestAnswers>();

/** The request answers of `store`, made on first use. */
export function requestAnswersOf(store: RunStore): RequestAnswers {
  let answers = registries.get(store);
  if (answers === undefined) {
    answers = new RequestAnswers(store);
    registries.set(store, answers);
  }
  return answers;
}
