import { useEffect, useState } from 'react';
import { useMessageGroup, useMessagesLocale } from '../../hooks';
import { enRequestMessages, type RequestMessages } from '../../messages';
import { useNow } from '../../utils/react';
import { LiveAnnouncer } from '../shared';
import { parseDeadline, watchDeadline } from './deadline';

/** The times left that are announced: a screen reader hears the countdown at these steps, not every second. */
const ANNOUNCED_STEPS = [300_000, 60_000, 30_000, 10_000] as const;

/** The last step reached with `left` ms to go (the smallest one at or above it); undefined above them all. */
function stepOf(left: number): number | undefined {
  let reached: number | undefined;
  for (const step of ANNOUNCED_STEPS) if (left <= step) reached = step;
  return reached;
}

interface TimeLeftProps {
  /** The request's `deadline` (untrusted): epoch ms or ISO 8601 (`parseDeadline`); anything else is none. */
  deadline: unknown;
  /** The prompt's `messages`. */
  messages: Partial<RequestMessages> | undefined;
  /** Called once the deadline is reached (at once when it already is), while mounted. */
  onPassed: () => void;
}

/**
 * A request's deadline, loaded with the countdown: shown while the prompt waits for an answer,
 * and `onPassed` called when it is reached (one timer at a time, never polling). A deadline that
 * is not a time shows nothing and never passes.
 */
export function TimeLeft({ deadline: given, messages, onPassed }: TimeLeftProps) {
  // Read once, as the prompt keeps its first request.
  const [deadline] = useState(() => parseDeadline(given));
  useEffect(() => (deadline === undefined ? undefined : watchDeadline(deadline, onPassed)), [deadline, onPassed]);
  return deadline === undefined ? null : <Countdown deadline={deadline} messages={messages} />;
}

/**
 * The time left before a request's deadline, shown and kept current every second by itself (the
 * prompt's form does not re-render for it). A separate, visually hidden polite region says it at
 * 5 min, 1 min, 30 s and 10 s left; the step the prompt opened in is not said, as the text is there
 * to read. Its text is left out where the time is not read (the server, hydration).
 */
function Countdown({ deadline, messages: overrides }: { deadline: number; messages: Partial<RequestMessages> | undefined }) {
  const messages = useMessageGroup('request', enRequestMessages, overrides);
  const now = useNow(true);
  const locale = useMessagesLocale();
  // In whole seconds, rounded up as a countdown is: "1 hr" when it opens with an hour to go, not "59 min".
  const left = now === undefined ? undefined : Math.max(0, Math.ceil((deadline - now) / 1000) * 1000);
  const step = left === undefined ? undefined : stepOf(left);
  // The step of the first reading: `null` until the time is read.
  const [openedAt, setOpenedAt] = useState<number | undefined | null>(null);
  if (openedAt === null && left !== undefined) setOpenedAt(step);
  const announced = openedAt !== null && step !== undefined && step !== openedAt ? step : undefined;
  return (
    <>
      <p className="hitl-request-deadline">
        <time dateTime={new Date(deadline).toISOString()}>{left === undefined ? null : messages.timeLeft({ ms: left, locale })}</time>
      </p>
      <LiveAnnouncer
        className="hitl-request-deadline-announcer"
        announcement={announced === undefined ? null : { key: String(announced), text: messages.timeLeft({ ms: announced, locale }) }}
      />
    </>
  );
}
