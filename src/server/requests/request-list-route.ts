import { errorEnvelope, type AuditAction } from '../../client';
import type { RequestListing } from '../../request';
import { replaceRecord, requestOf, toListing, type RequestsContext } from './request-records';
import type { StoredRequest } from '../stores/request-store';
import type { ProxyAccess, ProxyIdentity } from '../task-proxy-options';
import type { ProxyAnswerVia } from '../teams/audit-log';

/** What the request routes need of the proxy's team rules (`createTeamAccess`). */
export interface RequestRouteAccess {
  identifyCaller(request: Request): Promise<ProxyIdentity | Response>;
  isAuthorized(request: Request, access: ProxyAccess): Promise<boolean>;
  recordAudit(
    identity: ProxyIdentity,
    action: AuditAction,
    response: Response,
    detail: { taskId: string; requestId?: string | undefined; via?: ProxyAnswerVia | undefined },
  ): Promise<Response>;
  /** Whether `identify` is given. */
  readonly teams: boolean;
  readonly maxBodyBytes: number;
}

/**
 * `GET {basePath}/requests`: the caller's team's requests (those for one user only to that user),
 * open ones oldest first and those that ended within `endedKeepMs`. The first listing of an open
 * request to a person is its first view, for the time-to-first-view stats.
 */
export async function listRequestsRoute(ctx: RequestsContext, access: RequestRouteAccess, request: Request): Promise<Response> {
  if (ctx.closed()) return errorEnvelope(503, 'This proxy is shutting down', { retryAfter: '1' });
  const identity = await access.identifyCaller(request);
  if (identity instanceof Response) return identity;
  if (!(await access.isAuthorized(request, { identity, endpoint: 'requests' }))) return errorEnvelope(403, 'Forbidden');
  let records: StoredRequest[];
  let live: Map<string, boolean>;
  try {
    records = (await ctx.store.listRequests(identity.team, ctx.endedKeepMs)).filter(
      (record) => record.user === undefined || record.user === identity.user,
    );
    const openers = [...new Set(records.filter((record) => record.state === 'open' && !record.durable).map((record) => record.opener))];
    const answers = openers.length === 0 ? [] : await ctx.store.liveOwners(openers);
    live = new Map(openers.map((opener, index) => [opener, answers[index] === true]));
  } catch (error) {
    ctx.onStoreError(error);
    return errorEnvelope(503, 'The requests cannot be read now; try again.', { retryAfter: '1' });
  }
  const now = ctx.now();
  const data: RequestListing[] = [];
  const firstViews: StoredRequest[] = [];
  for (const record of records) {
    const human = requestOf(record);
    if (human === undefined) continue;
    const listing = toListing(record, human, live.get(record.opener) ?? true);
    data.push(listing);
    if (listing.state === 'open' && record.firstViewedAt === undefined) firstViews.push(record);
  }
  // Not waited for by the page: a lost race means another instance counted it.
  void Promise.all(
    firstViews.map(async (record) => {
      if ((await replaceRecord(ctx.store, record, { firstViewedAt: now }, now)) !== undefined)
        ctx.stats.viewed(record.team, record.source, now - record.openedAt);
    }),
  ).catch(ctx.onStoreError);
  return Response.json({ success: true, data, now }, { headers: { 'cache-control': 'no-store' } });
}
