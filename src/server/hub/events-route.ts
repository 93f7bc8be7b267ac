import { errorEnvelope, isUnsafePathParameter, readEventTopics, type EventTopic } from '../../client';
import { releaseOnEnd, StreamLimits } from '../forward/request-limits';
import { notAllowed } from '../proxy-paths';
import { TASK_PROXY_DEFAULTS, type ProxyIdentity, type TaskProxyLimits } from '../task-proxy-options';
import type { EventHub } from './event-hub';

/** What `GET {basePath}/events` needs of the proxy. */
export interface EventsRouteSettings {
  /** `undefined` with `events: false`: the route answers 404. */
  readonly hub: Pick<EventHub, 'open'> | undefined;
  readonly access: {
    identifyCaller(request: Request): Promise<ProxyIdentity | Response>;
    foreignTasks(team: string, topics: readonly EventTopic[]): Promise<ReadonlySet<string>>;
    authorizeTopics(request: Request, identity: ProxyIdentity, topics: readonly EventTopic[]): Promise<boolean>;
  };
  /** With `identify`: the streams' limits are per user. */
  readonly teams: boolean;
  readonly maxTasksPerStream: number;
  readonly limits: TaskProxyLimits | undefined;
  /** The instance is going away. */
  readonly isClosed: () => boolean;
  readonly onStoreError: (error: unknown) => void;
}

/** `GET {basePath}/events`: the caller's stream of the runs it names, those of its team's tasks polled by the hub. */
export function createEventsRoute(settings: EventsRouteSettings): (request: Request, url: URL) => Promise<Response> {
  const { hub, access, teams, maxTasksPerStream, onStoreError } = settings;
  const streamLimits = new StreamLimits(
    settings.limits?.maxStreamsPerUser ?? TASK_PROXY_DEFAULTS.maxStreamsPerUser,
    settings.limits?.maxRunsPerUser ?? TASK_PROXY_DEFAULTS.maxRunsPerUser,
  );
  return async function events(request, url) {
    if (hub === undefined) return errorEnvelope(404, 'Not found');
    if (request.method !== 'GET') return notAllowed(['GET']);
    // A closed instance is going away: the client tries again, maybe on another one.
    if (settings.isClosed()) return errorEnvelope(503, 'This proxy is shutting down', { retryAfter: '1' });
    const identity = await access.identifyCaller(request);
    if (identity instanceof Response) return identity;
    const topics = readEventTopics(url.searchParams);
    if (topics === undefined || topics.length === 0 || topics.some((topic) => isUnsafePathParameter(topic.taskId)))
      return errorEnvelope(400, 'Name the runs to follow, each as taskId=<taskId> or run=<taskId>/<runId>');
    if (topics.length > maxTasksPerStream) return errorEnvelope(400, `A stream may follow at most ${maxTasksPerStream} runs`);
    // `taskId=` and `run=` alike: a run is reached through its task, and the task must be the team's.
    // Any other ends with the final not-found event an unknown task gets; the stream goes on for the rest.
    let foreign: ReadonlySet<string>;
    try {
      foreign = await access.foreignTasks(identity.team, topics);
    } catch (error) {
      onStoreError(error);
      return errorEnvelope(503, 'The proxy cannot check these tasks now; try again.', { retryAfter: '1' });
    }
    const owned = topics.filter((topic) => !foreign.has(topic.taskId));
    const notOwned = topics.filter((topic) => foreign.has(topic.taskId));
    if (!(await access.authorizeTopics(request, identity, owned))) return errorEnvelope(403, 'Forbidden');
    // Per user, so only with `identify`: without it every browser would share one allowance.
    const release = teams ? streamLimits.take(`${identity.team}\n${identity.user}`, topics.length) : () => undefined;
    if (release instanceof Response) return release;
    const response = hub.open(request, owned, notOwned);
    return response.ok ? releaseOnEnd(response, release, request.signal) : (release(), response);
  };
}
