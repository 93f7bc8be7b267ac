/**
 * The proxy's requests, `GET {basePath}/requests` and `POST {basePath}/requests/{id}/answer`: what
 * the proxy (`src/server`, `proxy.requests.open`) writes and the browser (`src/store`, `useInbox`)
 * reads, in one place. Not endpoints of the task service: only `createTaskProxy` serves them, for
 * the caller's own team.
 *
 * - `GET {basePath}/requests` → `{ success: true, data: RequestListing[], now: number }`: the team's
 *   open requests, oldest first, and those that ended in the last minute (with how they ended).
 * - `POST {basePath}/requests/{id}/answer` with a `HumanAnswer` as JSON → `{ success: true, data:
 *   { delivered: boolean } }` (`delivered` false: a `durable` request's answer is kept and handed to
 *   the source when one of the proxy's instances can); 400/415 for a body the request does not
 *   allow; 404 for a request the caller's team does not have; 409 `already_answered` (with
 *   `answeredBy`, `answeredAt`); 410 `request_ended` (with `state`) once it was cancelled, expired
 *   or its opener is gone.
 */
import { isRecord } from '../utils';
import type { HumanRequest } from './human-request';

/** Path of the requests below the proxy's `basePath`. */
export const REQUESTS_PATH = '/requests';

/** Where a listed request stands (`unanswerable`: its opener is gone). */
export type RequestListingState = 'open' | 'answered' | 'cancelled' | 'expired' | 'unanswerable';

/** One request as `GET {basePath}/requests` lists it. */
export interface RequestListing {
  /** The request; its `deadline` is the proxy's `expiresAt` when there is one. Agent-made: text only. */
  readonly request: HumanRequest;
  readonly state: RequestListingState;
  /** The team it is for. */
  readonly team: string;
  /** When it was opened, ms since the epoch (the proxy's clock). */
  readonly openedAt: number;
  /** Its deadline, ms since the epoch; undefined: none. */
  readonly expiresAt?: number | undefined;
  /** Who answered it (`answered` only). */
  readonly answeredBy?: string | undefined;
  /** When it was answered, cancelled, expired or became unanswerable, ms since the epoch. */
  readonly endedAt?: number | undefined;
}

/** `code` of the 409 for a request already answered. */
export const REQUEST_ALREADY_ANSWERED = 'already_answered';
/** `code` of the 410 for a request that ended without an answer (cancelled, expired, its opener gone). */
export const REQUEST_ENDED = 'request_ended';

const STATES: readonly string[] = ['open', 'answered', 'cancelled', 'expired', 'unanswerable'];
const optionalNumber = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value));
const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * A listing as the proxy writes it; anything else is `false`. Only the outer shape is checked
 * here: `<HumanRequestPrompt>` checks the request itself, as it does a framework's.
 */
export function isRequestListing(value: unknown): value is RequestListing {
  return (
    isRecord(value) &&
    isRecord(value.request) &&
    typeof value.request.id === 'string' &&
    typeof value.request.source === 'string' &&
    typeof value.request.kind === 'string' &&
    typeof value.state === 'string' &&
    STATES.includes(value.state) &&
    typeof value.team === 'string' &&
    typeof value.openedAt === 'number' &&
    optionalNumber(value.expiresAt) &&
    optionalNumber(value.endedAt) &&
    optionalString(value.answeredBy)
  );
}
