import { summarizeRequest, type HumanRequest, type RequestListing } from '../../request';
import { isRecord } from '../../utils';
import { describeError, type TaskProxyLogger } from '../logger';
import { notAllowed } from '../proxy-paths';
import type { RequestStore, StoredRequest } from '../stores/request-store';
import { answeredLine, linkPageResponse, NOT_A_LINK, TRY_AGAIN, type LinkPage } from './answer-link-page';
import { linkAnswer, linkChoices, type LinkChoice } from './answer-link-token';
import { answersFor, type AnswerLinks, type ReadAnswerLink } from './answer-links';
import type { AnswerAttempt } from './request-answer-route';
import { pageIdOf, requestOf, storeIdOf, toListing } from './request-records';

/** How long the mark of a used link outlives the link. */
const USED_MARK_MARGIN_MS = 60 * 60_000;

/** What the route of the answer links needs of the proxy. */
export interface AnswerLinkRouteDeps {
  readonly store: RequestStore;
  readonly links: AnswerLinks;
  /** The one path every answer takes (`takeAnswer`, through `proxy.requests`). */
  readonly take: (attempt: AnswerAttempt) => Promise<Response>;
  /** The request's address in the inbox (`notify.link`), http(s) only. */
  readonly inboxLink: (record: StoredRequest, request: HumanRequest) => string | undefined;
  readonly now: () => number;
  readonly onStoreError: (error: unknown) => void;
  readonly logger: TaskProxyLogger;
}

/**
 * `{basePath}/act/{token}`, a link of a channel's `actions`: `GET` and `HEAD` show what pressing
 * the page's one button will do and change nothing (mail scanners and previews fetch every link);
 * `POST`, the button, answers through `takeAnswer` like a page, as the person the channel's
 * `actions.identify` names the recipient now. A link is used once (a mark in the store, across
 * instances), holds until its expiry, and only for its request; a page says what became of one that
 * no longer answers. A link this proxy did not make, or one changed, is 404.
 */
export async function answerLinkRoute(deps: AnswerLinkRouteDeps, request: Request, token: string): Promise<Response> {
  const { method } = request;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return notAllowed(['GET', 'HEAD', 'POST']);
  const link = deps.links.read(token);
  let page = NOT_A_LINK;
  if (link !== undefined) {
    try {
      page = await linkPage(deps, link, method === 'POST');
    } catch (error) {
      deps.onStoreError(error);
      page = TRY_AGAIN;
    }
  }
  return linkPageResponse(page, method === 'HEAD');
}

const NO_LONGER_WAITING: LinkPage = Object.freeze({
  status: 410,
  heading: 'This request is no longer waiting',
  lines: ['It was answered, withdrawn or expired a while ago.'],
});

async function linkPage(deps: AnswerLinkRouteDeps, link: ReadAnswerLink, post: boolean): Promise<LinkPage> {
  const { claims } = link;
  const [record] = await deps.store.readRequests([storeIdOf(claims.id)]);
  // A keyed request's next question is another request: a link names one question.
  const request = record === undefined || pageIdOf(record) !== claims.id ? undefined : requestOf(record);
  if (record === undefined || request === undefined) return NO_LONGER_WAITING;
  const inbox = deps.inboxLink(record, request);
  const live = record.state !== 'open' || record.durable || (await deps.store.liveOwners([record.opener]))[0] === true;
  const listing = toListing(record, request, live);
  const used = await deps.store.hasClaim(link.use);
  if (listing.state !== 'open' || used) return endedPage(listing, used, inbox);
  if (deps.now() >= claims.expiresAt)
    return { status: 410, heading: 'This link has expired', lines: ['Answer the request from your inbox instead.'], inbox };

  let identity: Awaited<ReturnType<typeof link.channel.actions.identify>>;
  try {
    identity = await link.channel.actions.identify(claims.recipient);
  } catch (error) {
    deps.logger.error(`answer links: the actions.identify of ${link.channel.name} threw: ${describeError(error)}`);
    return { status: 500, heading: 'Try again later', lines: ['The proxy could not tell who you are. Nothing was answered.'], inbox };
  }
  const choice = linkChoices(request).find((each) => each.decision === claims.decision);
  if (!answersFor(identity, record.team, record.user) || choice === undefined)
    return {
      status: 403,
      heading: 'This link cannot answer this request',
      lines: ['It was sent to an address that does not answer for the team this request is for. Nothing was answered.'],
      inbox,
    };
  if (!post) {
    const { title, detail } = summarizeRequest(request);
    return {
      status: 200,
      heading: title,
      lines: [...(detail === undefined ? [] : [detail]), `Pressing the button below will ${choice.does}, answering as ${identity.user}.`],
      button: choice.label,
      inbox,
    };
  }
  const response = await deps.take({
    identity,
    id: claims.id,
    via: claims.via,
    read: () => Promise.resolve(linkAnswer(claims.decision, claims.id)),
  });
  // Used once it decided something; a failure on the way (the store, a shutdown) leaves it to try again.
  if (response.status < 500 || response.status === 504)
    await deps.store.claimOnce(link.use, Math.max(claims.expiresAt - deps.now(), 0) + USED_MARK_MARGIN_MS).catch(deps.onStoreError);
  return resultPage(response, choice, inbox);
}

/** What became of a request that takes no answer (or of a link used before). */
function endedPage(listing: RequestListing, used: boolean, inbox: string | undefined): LinkPage {
  switch (listing.state) {
    case 'answered':
      return {
        status: 409,
        heading: used ? 'This link was already used' : 'This request was already answered',
        lines: [answeredLine(listing.answeredBy, listing.endedAt)],
        inbox,
      };
    case 'cancelled':
      return { status: 410, heading: 'This request was withdrawn', lines: ['The agent that asked no longer needs an answer.'], inbox };
    case 'expired':
      return { status: 410, heading: 'This request expired', lines: ['Its deadline passed before anyone answered it.'], inbox };
    case 'unanswerable':
      return { status: 410, heading: 'This request can no longer be answered', lines: ['The agent that asked is gone.'], inbox };
    default:
      return { status: 409, heading: 'This link was already used', lines: ['Answer the request from your inbox instead.'], inbox };
  }
}

/** The page of what `takeAnswer` answered. */
async function resultPage(response: Response, choice: LinkChoice, inbox: string | undefined): Promise<LinkPage> {
  const body: unknown = await response.json().catch(() => undefined);
  const fields = isRecord(body) ? body : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  switch (response.status) {
    case 200:
      return { status: 200, heading: 'Done', lines: [`You ${choice.done}. The agent has your answer.`], inbox };
    case 202:
    case 504:
      return {
        status: response.status,
        heading: 'Your answer is recorded',
        lines: [`You ${choice.done}. The agent has not taken the answer yet; it gets it as soon as it can.`],
        inbox,
      };
    case 409:
      return {
        status: 409,
        heading: 'This request was already answered',
        lines: [answeredLine(text(fields.answeredBy), text(fields.answeredAt))],
        inbox,
      };
    case 410: {
      const state = text(fields.state);
      const ended = state === 'cancelled' || state === 'expired' || state === 'unanswerable' ? state : 'unanswerable';
      return endedPage({ state: ended } as RequestListing, false, inbox);
    }
    case 404:
      return NO_LONGER_WAITING;
    case 503:
      return TRY_AGAIN;
    default:
      return {
        status: response.status,
        heading: 'This link cannot answer this request',
        lines: [text(fields.error) ?? 'The proxy refused the answer.', 'Answer the request from your inbox instead.'],
        inbox,
      };
  }
}
