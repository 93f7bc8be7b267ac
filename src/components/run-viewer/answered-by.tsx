import { useEffect, useRef } from 'react';
import type { TaskClient } from '../../client';
import { useAuditTrail, useMessageGroup, useMessagesLocale } from '../../hooks';
import { enAuditTrailMessages, formatDateTime } from '../../messages';

interface AnsweredByProps {
  taskId: string;
  runId: string | undefined;
  client: TaskClient | undefined;
  /** Changes when a call was answered or went away: the trail is read again then. */
  refreshKey: string;
}

const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

/**
 * "Answered by ada@example.com · 12:03": who answered the run's latest call, from the proxy's audit
 * trail. Nothing without a trail (a client of the service itself, a proxy that keeps none).
 */
export function AnsweredBy({ taskId, runId, client, refreshKey }: AnsweredByProps) {
  const messages = useMessageGroup('auditTrail', enAuditTrailMessages);
  const locale = useMessagesLocale();
  const trail = useAuditTrail({ taskId, limit: 20 }, client);
  const { refetch, error } = trail;
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (seenKey.current === refreshKey) return;
    seenKey.current = refreshKey;
    // A client with no trail to read (its 404) is not asked again.
    if (error === undefined) refetch().catch(() => undefined);
  }, [refreshKey, refetch, error]);

  const answered = trail.data?.find(
    (entry) =>
      // A proxy without `identify` names nobody.
      entry.user !== '' &&
      entry.action === 'answer' &&
      entry.outcome === 'accepted' &&
      (runId === undefined || entry.runId === undefined || entry.runId === runId),
  );
  if (answered === undefined) return null;
  const time = Date.parse(answered.at);
  return (
    <p className="hitl-run-viewer-answered-by">
      <bdi>{messages.answeredBy({ user: answered.user, time: Number.isNaN(time) ? answered.at : formatDateTime(time, locale, TIME) })}</bdi>
    </p>
  );
}
