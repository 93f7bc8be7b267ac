/**
 * The control lease of a hand-off, `GET|POST {basePath}/control/{id}`: who holds control of a
 * hand-off of the agent's browser, one person (and one page) at a time across people, tabs and
 * proxy instances. What the proxy (`src/server`) serves and the browser reads, in one place, like
 * the audit trail. `{id}` is the request's id as the proxy lists it, or the task's id with the
 * call's `toolCallId` (in the query of a read, in the body of a take or release).
 */
import { isRecord } from '../utils';

/** Path of the control lease below the proxy's `basePath`; the hand-off's id is the next segment. */
export const CONTROL_PATH = '/control';

/** The `code` of a take refused because someone else (another person, or another page) holds control. */
export const CONTROL_HELD_CODE = 'control_held';

/**
 * The `code` of the proxy's 404 for a hand-off the caller cannot see (none, ended long ago, another
 * team's). A 404 without it comes from something that has no control routes (the task service
 * itself, a simulator): control is then this browser's tabs' alone.
 */
export const CONTROL_NOT_FOUND_CODE = 'hand_off_not_found';

/** What a page's lease token must look like: random, 16 to 128 characters of `[A-Za-z0-9_-]`. */
export const CONTROL_LEASE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Who holds control, as the proxy says it. */
export interface ControlLeaseHolder {
  /** Who holds it, as the proxy's `identify` named them. Written by the proxy's app: show it as text only. */
  readonly user: string;
  /** When they took it (not when they last renewed it), in ms since the epoch. */
  readonly since: number;
}

/** A hand-off's control as the proxy says it: `TaskClient.readControl`, and what a take or release resolves with. */
export interface ControlLeaseStatus {
  /** Who holds control; null for nobody. */
  readonly holder: ControlLeaseHolder | null;
  /** How long a holder's lease lasts without a renewal, in ms. */
  readonly ttlMs: number;
}

/** What `TaskClient.takeControl` resolves with: this page holds control. */
export interface ControlLeaseTaken extends ControlLeaseStatus {
  readonly holder: ControlLeaseHolder;
  readonly you: true;
}

/** Which hand-off a control call addresses besides its id. */
export interface ControlLeaseAddress {
  /** For a call of the task service (`human_control`): its `toolCallId`, the id being the task's. Default: none (a request's id). */
  toolCallId?: string | undefined;
}

/** Body of a take or release: the address and this page's lease token. */
export interface ControlLeaseBody extends ControlLeaseAddress {
  /** This page's random token (`CONTROL_LEASE_PATTERN`), the same for every renewal and the release. */
  lease: string;
}

/** The farthest time from the epoch a `Date` holds: beyond it a time cannot be shown. */
const MAX_TIME_MS = 8.64e15;

const isHolder = (value: unknown): value is ControlLeaseHolder =>
  isRecord(value) && typeof value.user === 'string' && typeof value.since === 'number' && Math.abs(value.since) <= MAX_TIME_MS;

/** The holder in a response or a 409's `details`; undefined when it is not one. */
export function toControlLeaseHolder(value: unknown): ControlLeaseHolder | undefined {
  return isHolder(value) ? { user: value.user, since: value.since } : undefined;
}

/** `data` of a control response, checked; undefined when it is not one. */
export function toControlLeaseStatus(data: unknown): ControlLeaseStatus | undefined {
  if (!isRecord(data) || typeof data.ttlMs !== 'number' || !Number.isFinite(data.ttlMs) || data.ttlMs < 0) return undefined;
  const holder = data.holder === null ? null : toControlLeaseHolder(data.holder);
  return holder === undefined ? undefined : { holder, ttlMs: data.ttlMs };
}
