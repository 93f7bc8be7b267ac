import { isRecord } from '../../utils';
import type { ControlChange, ControlHolder, ControlTarget } from '../control/control-change';
import { describeError, type TaskProxyLogger } from '../logger';
import { callSlack, type SlackChannelSettings } from '../notify/slack-api';
import { slackHandOffMessage } from '../notify/slack-control-blocks';
import type { RequestStore } from '../stores/request-store';
import { endedMessageOf, readSlackMessages, type SlackMessageRef } from './slack-messages';

/** How long the note of who holds control is kept: longer than anything waits. */
const KEEP_MS = 30 * 24 * 60 * 60_000;
/** Redraws of one message for one change at most: each one follows a change another instance made meanwhile. */
const MAX_ROUNDS = 4;

const holderNoteName = (id: string) => `control-holder:${id}`;

/** The id a hand-off's notifications know it by: a request's page id, or `<taskId>/<toolCallId>` for a call. */
export const handOffIdOf = (target: ControlTarget) => (target.kind === 'call' ? `${target.taskId}/${target.toolCallId}` : target.requestId);

function readHolder(note: string | undefined): ControlHolder | null {
  if (note === undefined) return null;
  try {
    const read: unknown = JSON.parse(note);
    return isRecord(read) && typeof read.user === 'string' && typeof read.since === 'number' && Number.isFinite(read.since)
      ? { user: read.user, since: read.since }
      : null;
  } catch {
    return null;
  }
}

const sameHolder = (a: ControlHolder | null, b: ControlHolder | null) => a?.user === b?.user && a?.since === b?.since;

/**
 * Who holds control of hand-off `id` (`handOffIdOf`) as the last change told to `slackControlSync`
 * on any instance left it; `null` for nobody, or a store that keeps no notes.
 */
export async function readControlHolder(store: RequestStore, id: string): Promise<ControlHolder | null> {
  return store.readNote === undefined ? null : readHolder(await store.readNote(holderNoteName(id)));
}

/**
 * Redraws each message posted about hand-off `id` through `slack` to say who holds control now,
 * unless it ended: the ended message always wins. Each redraw is checked after it lands: when the
 * hand-off ended meanwhile, the ended message is put back (its note is kept before its own update);
 * when another instance changed the holder meanwhile, the message is redrawn again. So the last
 * word is the ended message, or the last holder noted, whatever order the updates reach Slack in.
 * `shown`: the holder the message was posted with, when it was just posted.
 */
export async function showControlHolder(
  slack: SlackChannelSettings,
  store: RequestStore,
  id: string,
  logger: TaskProxyLogger,
  shown?: { ref: SlackMessageRef; holder: ControlHolder | null },
): Promise<void> {
  const refs = shown === undefined ? await readSlackMessages(store, slack.name, id) : [shown.ref];
  for (const ref of refs) {
    const { handOff } = ref;
    if (handOff === undefined) continue;
    let sent = shown === undefined ? undefined : { holder: shown.holder };
    for (let round = 0; round <= MAX_ROUNDS; round++) {
      const ended = await endedMessageOf(store, slack.name, ref);
      if (ended !== undefined) {
        if (sent !== undefined) await update(slack, ref, ended, logger);
        break;
      }
      const holder = await readControlHolder(store, id);
      if ((sent !== undefined && sameHolder(sent.holder, holder)) || round === MAX_ROUNDS) break;
      await update(slack, ref, slackHandOffMessage(handOff, holder), logger);
      sent = { holder };
    }
  }
}

function update(slack: SlackChannelSettings, ref: SlackMessageRef, message: { text: string; blocks: unknown[] }, logger: TaskProxyLogger) {
  return callSlack(slack, 'chat.update', { channel: ref.channel, ts: ref.ts, ...message }).catch((error: unknown) =>
    logger.error(`notifications: ${slack.name} could not say who holds control of a hand-off: ${describeError(error)}`),
  );
}

/**
 * Told of every change of who holds control of a hand-off (taken, released, lapsed, ended): notes
 * the holder in the store (where `emailChannel` reads it too), then redraws each Slack message
 * posted about the hand-off through each of `channels` to say "alice has control since 10:41 UTC"
 * or "Nobody has control yet". A message stays link-only, and one that ended stays ended. Changes
 * of one hand-off are handled in order on this instance. Store errors go to `onStoreError`.
 */
export function slackControlSync(
  channels: readonly SlackChannelSettings[],
  store: RequestStore,
  logger: TaskProxyLogger,
  onStoreError: (error: unknown) => void,
  /** Keeps the work until the proxy closes (it waits for it). */
  track: (work: Promise<unknown>) => void,
): (change: ControlChange) => void {
  const queues = new Map<string, Promise<unknown>>();
  return (change) => {
    if (store.keepNote === undefined) return;
    const id = handOffIdOf(change.target);
    const holder = change.holder === null ? null : { user: change.holder.user, since: change.holder.since };
    const work = async () => {
      await store.keepNote!(holderNoteName(id), JSON.stringify(holder), KEEP_MS);
      for (const slack of channels) await showControlHolder(slack, store, id, logger);
    };
    const next = (queues.get(id) ?? Promise.resolve()).then(work).catch(onStoreError);
    queues.set(id, next);
    track(next.finally(() => queues.get(id) === next && queues.delete(id)));
  };
}
