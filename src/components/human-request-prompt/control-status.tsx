import { Fragment, type ReactNode } from 'react';
import { formatDateTime, type ControlMessages } from '../../messages';
import type { ControlView } from './control-lease';

const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
/**
 * Where a hand-off stands, in its `data-state`: `waiting` (the view read-only, "Take control"
 * offered), `held` (this person has control: the view interactive), `held-elsewhere` (another tab of
 * this browser, or with `controlLease` another person or page, has it: read-only), `failed` (the
 * live view did not load, or its address is not http(s): nothing to take). Once the deadline passed
 * the prompt is `expired` and the view gone.
 */
export type ControlState = 'waiting' | 'held' | 'held-elsewhere' | 'failed';

/** Stands for the holder's name in the message, so the name itself is put in its own `<bdi>`. */
const NAME = '\uE000';

/** "Alice has control since 10:41": the name (the proxy's, untrusted) as text, isolated from the sentence around it. */
function heldBy(messages: ControlMessages, locale: string, user: string, since: number | undefined): ReactNode {
  const time = since === undefined ? '' : formatDateTime(since, locale, TIME);
  const parts = messages.heldBy({ user: NAME, time }).split(NAME);
  // The parts of one sentence, in its order: the index is their identity.
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i === 0 ? null : <bdi>{user}</bdi>}
      {part}
    </Fragment>
  ));
}

/** What the hand-off's status line says: who has control, or why it cannot be taken. */
export function controlStatusText(
  messages: ControlMessages,
  locale: string,
  {
    state,
    view,
    lost,
    liveUrl,
    handingBack,
  }: { state: ControlState; view: ControlView; lost: boolean; liveUrl: string | undefined; handingBack: boolean },
): ReactNode {
  if (state === 'held' || (handingBack && state !== 'failed')) return messages.heldByMe();
  if (state === 'failed') return liveUrl === undefined ? '' : lost ? messages.lost() : messages.failed();
  if (state === 'held-elsewhere') {
    if (view.otherTab) return messages.heldElsewhere();
    return view.user === undefined ? messages.heldBySomeone() : heldBy(messages, locale, view.user, view.since);
  }
  if (view.ended) return messages.ended();
  if (view.lapsed) return messages.lapsed();
  return view.unreachable ? messages.unreachable() : '';
}
