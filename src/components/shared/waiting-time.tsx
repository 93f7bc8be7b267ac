import { formatDuration } from '../../messages';
import { useMessagesLocale } from '../../hooks';
import { useNow } from '../../utils/react';

interface WaitingTimeProps {
  /** When the waiting began, in ms since the epoch. */
  since: number;
  /** The sentence around the duration, already written in the locale ("2 min"). */
  text: (duration: string) => string;
  className?: string;
  /** The current time when a list ticks once for all its items; otherwise this ticks by itself every second. */
  now?: number | undefined;
}

/**
 * How long something has been waiting, ticking; a `<time>` whose `datetime` is the moment it began.
 * Its text is left out where the time is not read (the server, hydration), and filled right after.
 */
export function WaitingTime({ since, text, className, now }: WaitingTimeProps) {
  const own = useNow(now === undefined);
  const locale = useMessagesLocale();
  const current = now ?? own;
  return (
    <time className={className} dateTime={new Date(since).toISOString()}>
      {current === undefined ? null : text(formatDuration(Math.max(0, current - since), locale))}
    </time>
  );
}
