/**
 * The proxy's requests as the browser sees them, without a proxy: `GET {basePath}/requests` and
 * `POST {basePath}/requests/{id}/answer`, answered as src/request/requests-protocol.ts says
 * (listings oldest first, ended ones for a minute, the first answer wins, 400/415/404/409/410),
 * with each answer checked by the proxy's own `checkHumanAnswer`. For the inbox's tests and
 * stories: a `fetch` in front of the service's (the simulator's, or a scripted one), and hands to
 * open, cancel, expire and answer requests "elsewhere".
 */
import { checkHumanAnswer } from '../../src/server/requests/check-human-answer';
import {
  REQUEST_ALREADY_ANSWERED,
  REQUEST_ENDED,
  REQUESTS_PATH,
  type HumanAnswer,
  type HumanRequest,
  type RequestListing,
  type RequestListingState,
} from '../../src/request';

export interface RequestsDoubleOptions {
  /** The path of the client's `baseUrl` (`/api/hitl`); requests below it are answered. Default: '' (the origin's root). */
  basePath?: string;
  /** The team every request is for. Default: 'team-a'. */
  team?: string;
  /** Who the page's answers are from, as a proxy's `identify` would name them. Default: 'you@example.com'. */
  user?: string;
  /** The proxy's clock. Default: `Date.now`. */
  now?: () => number;
  /** How long an ended request stays listed, in ms. Default: 60000. */
  keepEndedMs?: number;
}

interface Entry {
  listing: RequestListing;
  answer: HumanAnswer | undefined;
}

export interface RequestsDouble {
  /** A `fetch` that answers the requests' two paths and hands every other request to `next`. */
  fetch(next: (request: Request) => Promise<Response>): (request: Request) => Promise<Response>;
  /** Opens a request for the team (`expiresAt`: its deadline, ms since the epoch). */
  open(request: HumanRequest, options?: { expiresAt?: number; openedAt?: number }): void;
  /** Its source gave up (`proxy.requests.cancel`). */
  cancel(id: string): void;
  /** Its deadline passed. */
  expire(id: string): void;
  /** Its opener is gone. */
  orphan(id: string): void;
  /** Someone else answered it first (from another page, another instance). */
  answerElsewhere(id: string, user: string, at?: number): void;
  /** The next `times` answers get `status` (a 503, a 500) and are not taken. */
  failAnswers(status: number, times?: number): void;
  /** The next `times` listings get `status` (a 503) instead of the list. */
  failLists(status: number, times?: number): void;
  /** False: `GET {basePath}/requests` answers 404, as a proxy without requests (or the service itself) does. Default: true. */
  served: boolean;
  /** The answers taken from the page, in order. */
  readonly answers: ReadonlyArray<{ id: string; answer: HumanAnswer }>;
  /** How often each path was asked. */
  readonly calls: { list: number; answer: number };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refuse = (status: number, error: string, extra: Record<string, unknown> = {}) => json(status, { success: false, error, ...extra });

export function createRequestsDouble(options: RequestsDoubleOptions = {}): RequestsDouble {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const team = options.team ?? 'team-a';
  const user = options.user ?? 'you@example.com';
  const now = options.now ?? Date.now;
  const keepEndedMs = options.keepEndedMs ?? 60_000;
  const entries = new Map<string, Entry>();
  const answers: Array<{ id: string; answer: HumanAnswer }> = [];
  const calls = { list: 0, answer: 0 };
  let failures: { status: number; left: number } | undefined;
  let listFailures: { status: number; left: number } | undefined;

  const end = (id: string, state: Exclude<RequestListingState, 'open'>, extra: Partial<RequestListing> = {}) => {
    const entry = entries.get(id);
    if (entry === undefined || entry.listing.state !== 'open') return;
    entry.listing = { ...entry.listing, state, endedAt: now(), ...extra };
  };

  const list = () => {
    calls.list += 1;
    if (!double.served) return refuse(404, 'Not found');
    if (listFailures !== undefined && listFailures.left > 0) {
      listFailures.left -= 1;
      return refuse(listFailures.status, 'The proxy is unavailable');
    }
    const at = now();
    for (const entry of entries.values()) {
      const { listing } = entry;
      // The proxy ends a request at its deadline by itself.
      if (listing.state === 'open' && listing.expiresAt !== undefined && at >= listing.expiresAt) end(listing.request.id, 'expired');
    }
    const listed = [...entries.values()]
      .map((entry) => entry.listing)
      .filter((listing) => listing.state === 'open' || at - (listing.endedAt ?? at) < keepEndedMs)
      .sort((a, b) => a.openedAt - b.openedAt);
    return json(200, { success: true, data: listed, now: at });
  };

  const answer = async (id: string, request: Request) => {
    calls.answer += 1;
    if (failures !== undefined && failures.left > 0) {
      failures.left -= 1;
      return refuse(failures.status, 'The service is unavailable');
    }
    if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) return refuse(415, 'An answer must be JSON');
    const entry = entries.get(id);
    if (entry === undefined || entry.listing.team !== team) return refuse(404, 'No such request');
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return refuse(400, 'An answer must be JSON');
    }
    const { listing } = entry;
    if (listing.state === 'answered')
      return refuse(409, 'Someone else answered first', {
        code: REQUEST_ALREADY_ANSWERED,
        answeredBy: listing.answeredBy,
        answeredAt: listing.endedAt,
      });
    if (listing.state !== 'open' || (listing.expiresAt !== undefined && now() >= listing.expiresAt)) {
      end(id, 'expired');
      return refuse(410, 'This request ended', { code: REQUEST_ENDED, state: entry.listing.state });
    }
    const problem = checkHumanAnswer(listing.request, body);
    if (problem !== undefined) return refuse(400, problem);
    entry.answer = body as HumanAnswer;
    answers.push({ id, answer: body as HumanAnswer });
    end(id, 'answered', { answeredBy: user });
    return json(200, { success: true, data: { delivered: true } });
  };

  const double: RequestsDouble = {
    served: true,
    answers,
    calls,
    fetch: (next) => async (request) => {
      const path = new URL(request.url).pathname;
      if (path === `${basePath}${REQUESTS_PATH}` && request.method === 'GET') return list();
      const match = path.startsWith(`${basePath}${REQUESTS_PATH}/`)
        ? /^\/([^/]+)\/answer$/.exec(path.slice(basePath.length + REQUESTS_PATH.length))
        : null;
      if (match !== null && request.method === 'POST') return answer(decodeURIComponent(match[1] as string), request);
      return next(request);
    },
    open(request, { expiresAt, openedAt } = {}) {
      entries.set(request.id, {
        listing: { request, state: 'open', team, openedAt: openedAt ?? now(), ...(expiresAt === undefined ? {} : { expiresAt }) },
        answer: undefined,
      });
    },
    cancel: (id) => end(id, 'cancelled'),
    expire: (id) => end(id, 'expired'),
    orphan: (id) => end(id, 'unanswerable'),
    answerElsewhere(id, by, at) {
      end(id, 'answered', { answeredBy: by, ...(at === undefined ? {} : { endedAt: at }) });
    },
    failAnswers(status, times = 1) {
      failures = { status, left: times };
    },
    failLists(status, times = 1) {
      listFailures = { status, left: times };
    },
  };
  return double;
}
