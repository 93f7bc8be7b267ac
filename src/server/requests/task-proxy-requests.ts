import { CONTROL_PATH, DEFAULT_MAX_BODY_BYTES, errorEnvelope, readLimited } from '../../client';
import { consoleLogger, scrubbedLogger, storeErrorLog } from '../logger';
import { NO_NOTIFIER, type Notifier } from '../notify/notifier';
import { createNotifier } from '../notify/notify-create-notifier';
import { handlePushSubscriptions, PUSH_SUBSCRIPTIONS_PATH } from '../notify/notify-push-subscriptions';
import { normaliseBasePath, notAllowed, stripBasePath } from '../proxy-paths';
import type { ProxyStore } from '../stores/proxy-store';
import type { StoredRequest } from '../stores/request-store';
import type { HumanRequest } from '../../request';
import { createProxyRequests } from './proxy-requests';
import { createStringScrubber } from '../forward/scrub-key';
import { storeIdOf, waitingItem } from './request-records';
import { createTeamAccess } from '../teams/team-access';
import { answerLinkRoute } from './answer-link-route';
import { ANSWER_LINK_PATH, createAnswerLinks } from './answer-links';
import { httpUrl } from '../notify/notify-message';
import { slackChannelsOf } from '../notify/slack-channel';
import { settleCallMessages, slackMessageSync } from './slack-messages';
import { SLACK_INTERACTIONS_PATH, slackInteractionsRoute } from './slack-interactions';
import { TASK_PROXY_DEFAULTS, type TaskProxyOptions } from '../task-proxy-options';
import type { AnsweredServiceCall, ServiceCallAnswers } from './service-calls';
import { slackControlSync } from './slack-control';
import { createControlLeases } from '../control/control-leases';
import { createControlRoute } from '../control/control-route';

/** Shortest `secret` taken: a guessable one would let anyone who reads the store open the answers. */
export const MIN_SECRET_LENGTH = 32;

/** `control.leaseMs`, checked when the proxy is made. */
function controlLeaseMs(value: unknown): number {
  if (value === undefined) return TASK_PROXY_DEFAULTS.controlLeaseMs;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1000)
    throw new TypeError('createTaskProxy: control.leaseMs must be a number of ms, 1000 or more');
  return value;
}

/** A setting given as a string or a function, read now: undefined while empty. */
export function readSetting(setting: string | (() => string | undefined) | undefined): string | undefined {
  const value = typeof setting === 'function' ? setting() : setting;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The requests of a `createTaskProxy` (`proxy.requests`, their routes and stats), its notifier and
 * the push subscriptions' route, set up when the proxy is made: they need neither `upstream` nor
 * (until an answer is sealed or a notification sent) `apiKey`, so a lazy proxy opens requests
 * before its first request. The notifier is the proxy's one (`given`, else made from `notify`):
 * the service's calls are told to it too.
 */
export function createTaskProxyRequests(options: TaskProxyOptions & { store: ProxyStore }, given?: Notifier) {
  const { store } = options;
  // The same on every instance; read as late as the proxy reads it (a lazy proxy's is set on its first request).
  // A secret given as a function is checked as it is read: a short one is no secret, and is said once.
  let saidShort = false;
  const readSecret = () => {
    const secret = readSetting(options.secret);
    if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) {
      if (!saidShort) logger.error(`createTaskProxy's secret must be at least ${MIN_SECRET_LENGTH} characters: requests wait for one`);
      saidShort = true;
      return undefined;
    }
    return secret ?? readSetting(options.apiKey);
  };
  // The key and the secret are read as the proxy reads them, lazily; once read, no line says them.
  const scrubbers = new Map<string, (text: string) => string>();
  const logger = scrubbedLogger(options.logger ?? consoleLogger, (text) => {
    for (const setting of [options.apiKey, options.secret]) {
      const key = readSetting(setting);
      if (key === undefined) continue;
      let scrub = scrubbers.get(key);
      if (scrub === undefined) scrubbers.set(key, (scrub = createStringScrubber(key)));
      text = scrub(text);
    }
    return text;
  });
  const onStoreError = options.onStoreError ?? storeErrorLog(logger);
  const teams = options.identify !== undefined;
  const access = createTeamAccess({
    options,
    store,
    onStoreError,
    teams,
    auditRetentionMs: options.auditRetentionMs ?? TASK_PROXY_DEFAULTS.auditRetentionMs,
    logger,
  });
  const basePath = normaliseBasePath(options.basePath ?? '');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const now = () => Date.now();
  // The service's calls, once the part that serves the service is set up (a lazy proxy's, at its first request).
  let serviceCalls: ServiceCallAnswers | undefined;
  // Made first: a channel with actions and no `publicUrl` is refused when the proxy is made.
  const links = createAnswerLinks({ notify: options.notify, publicUrl: options.publicUrl, basePath, readSecret, logger, now });
  const slack = slackChannelsOf(options.notify);
  // What goes on after a response (a Slack press answered, a message updated): closing waits for it.
  const background = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const done = work.catch(() => undefined).finally(() => background.delete(done));
    background.add(done);
  };
  const notifier =
    given ??
    (options.notify === undefined
      ? NO_NOTIFIER
      : createNotifier(options.notify, {
          store,
          logger,
          signingKey: readSecret,
          onStoreError: options.onStoreError,
          // A request another instance took the answer of a moment ago is not escalated; a call of the service is, while a poll shows it pending.
          isWaiting: async (item) => item.kind !== 'request' || (await store.readRequests([storeIdOf(item.id)]))[0]?.state === 'open',
          answerLinks: links.enabled ? links.linksFor : undefined,
        }));
  const leases = createControlLeases({
    store,
    ttlMs: controlLeaseMs(options.control?.leaseMs),
    writeAudit: access.writeAudit,
    // Kept with notifications at all, not only Slack: an e-mail sent while someone holds control says who.
    onChange: notifier === NO_NOTIFIER ? undefined : slackControlSync(slack, store, logger, onStoreError, track),
    now,
  });
  const control = createControlRoute({
    store,
    leases,
    identifyCaller: access.identifyCaller,
    isAuthorized: access.isAuthorized,
    serviceCalls: () => serviceCalls,
    maxBodyBytes,
    onStoreError,
    now,
  });

  const slackMessages = slack.length === 0 ? undefined : slackMessageSync(slack, store, logger, onStoreError, track);
  const requests = createProxyRequests({
    store,
    options: options.requests,
    basePath,
    readSecret,
    access: { ...access, teams, maxBodyBytes },
    teams,
    writeAudit: access.writeAudit,
    logger,
    onStoreError,
    notifier,
    onRequestChange: (id) => {
      slackMessages?.(id);
      track(control.requestChanged(id).catch(onStoreError));
    },
  });

  /** `{basePath}/push/subscriptions`, with notifications only: who may hand in a subscription is asked as for any route. */
  async function pushSubscriptions(request: Request): Promise<Response> {
    if (request.method !== 'POST' && request.method !== 'DELETE') return notAllowed(['POST', 'DELETE']);
    const read = await readLimited(request, maxBodyBytes).catch(() => 'unreadable' as const);
    if (read === 'unreadable') return errorEnvelope(400, 'The request body could not be read');
    if (read === 'too-large') return errorEnvelope(413, `Request body larger than ${maxBodyBytes} bytes`);
    // `identify` and `authorize` get a copy with the bytes, the subscription its own.
    const seen = new Request(request, { body: read as BodyInit });
    const identity = await access.identifyCaller(seen);
    if (identity instanceof Response) return identity;
    if (!(await access.isAuthorized(seen, { identity, endpoint: 'pushSubscriptions' }))) return errorEnvelope(403, 'Forbidden');
    return handlePushSubscriptions(new Request(request, { body: read as BodyInit }), identity, store, { maxBodyBytes });
  }

  /** The request's address in the inbox (`notify.link`), for the answer links' pages. */
  function inboxLink(record: StoredRequest, request: HumanRequest): string | undefined {
    try {
      return httpUrl(options.notify?.link(waitingItem(record, request)));
    } catch {
      return undefined;
    }
  }

  return {
    ...requests,
    notifier,
    async close(): Promise<void> {
      while (background.size > 0) await Promise.allSettled([...background]);
      await requests.close();
    },
    /** `GET {basePath}/audit`, for a proxy without a task service (the configured core serves its own). */
    auditTrail: access.auditTrail,
    /**
     * Called by the part of the proxy that serves the task service once it is set up: Slack then
     * answers its calls too, and hears of each call answered (whichever way) to update its message.
     */
    attachServiceCalls(calls: ServiceCallAnswers): (answered: AnsweredServiceCall) => void {
      serviceCalls = calls;
      return (answered) => {
        for (const each of slack) track(settleCallMessages(each, store, answered, now(), logger).catch(onStoreError));
        // Whoever held control of an answered hand-off no longer does.
        const target = { kind: 'call' as const, taskId: answered.taskId, toolCallId: answered.toolCallId };
        control.forget(answered.team, target);
        track(leases.end(answered.team, target).catch(onStoreError));
      };
    },
    /** Answers the requests' routes, the answer links', Slack's interactions and the push subscriptions'; `undefined` for any other path. */
    route(request: Request): Promise<Response> | undefined {
      const own = requests.route(request);
      if (own !== undefined) return own;
      const path = stripBasePath(new URL(request.url).pathname, basePath);
      if (path?.startsWith(`${CONTROL_PATH}/`) === true) {
        const id = path.slice(CONTROL_PATH.length + 1);
        return id.includes('/') ? undefined : control.route(request, id);
      }
      if (notifier === NO_NOTIFIER) return undefined;
      if (links.enabled && path?.startsWith(ANSWER_LINK_PATH) === true)
        return answerLinkRoute(
          { store, links, take: requests.take, inboxLink, now, onStoreError, logger },
          request,
          path.slice(ANSWER_LINK_PATH.length),
        );
      if (slack.length > 0 && path === SLACK_INTERACTIONS_PATH)
        return slackInteractionsRoute(
          { channels: slack, store, take: requests.take, serviceCalls: () => serviceCalls, now, maxBodyBytes, logger, onStoreError, track },
          request,
        );
      return path === PUSH_SUBSCRIPTIONS_PATH ? pushSubscriptions(request) : undefined;
    },
  };
}
