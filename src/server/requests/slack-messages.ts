import { isRecord } from '../../utils';
import { describeError, type TaskProxyLogger } from '../logger';
import { plainTitle } from '../notify/notify-message';
import { callSlack, type SlackChannelSettings } from '../notify/slack-api';
import { endedLine, slackEndedMessage } from '../notify/slack-blocks';
import { readHandOffView, type SlackHandOffView } from '../notify/slack-control-blocks';

import type { RequestStore } from '../stores/request-store';
import type { AnsweredServiceCall } from './service-calls';
import { EXPIRED_ACTION, pageIdOf, requestOf, storeIdOf, waitingItem } from './request-records';

/** Where a message was posted: what `chat.update` needs to find it; for a service call, its title too (no record holds it). */
export interface SlackMessageRef {
  readonly channel: string;
  readonly ts: string;
  readonly title?: string | undefined;
  /** For a hand-off of the agent's browser, what its message shows: redrawn when someone takes or gives up control. */
  readonly handOff?: SlackHandOffView | undefined;
}

/** How long the note of a message and the mark of its update are kept: longer than anything waits. */
const KEEP_MS = 30 * 24 * 60 * 60_000;

const noteName = (channelName: string, pageId: string) => `slack-messages:${channelName}:${pageId}`;
/** The note of what a message of a hand-off was updated to when it ended: whoever redrew it since puts it back. */
const endedNoteName = (channelName: string, ref: SlackMessageRef) => `slack-ended:${channelName}:${ref.channel}:${ref.ts}`;

function readRefs(note: string | undefined): SlackMessageRef[] {
  if (note === undefined) return [];
  try {
    const read: unknown = JSON.parse(note);
    if (!Array.isArray(read)) return [];
    return (read as unknown[]).flatMap((ref) =>
      isRecord(ref) &&
      typeof ref.channel === 'string' &&
      typeof ref.ts === 'string' &&
      (ref.title === undefined || typeof ref.title === 'string')
        ? [{ channel: ref.channel, ts: ref.ts, title: ref.title, handOff: readHandOffView(ref.handOff) }]
        : [],
    );
  } catch {
    return [];
  }
}

function notes(store: RequestStore): Required<Pick<RequestStore, 'keepNote' | 'readNote'>> {
  if (store.keepNote === undefined || store.readNote === undefined)
    throw new Error("slackChannel: the proxy's store keeps no notes (keepNote, readNote), so its messages could not be updated");
  return { keepNote: (...args) => store.keepNote!(...args), readNote: (name) => store.readNote!(name) };
}

/** Keeps where the message about request `pageId` went, in the store, for whichever instance sees it end. */
export async function rememberSlackMessage(store: RequestStore, channelName: string, pageId: string, ref: SlackMessageRef): Promise<void> {
  const { keepNote, readNote } = notes(store);
  const name = noteName(channelName, pageId);
  // An escalation through the same channel posts another message: each is updated.
  const refs = readRefs(await readNote(name));
  await keepNote(name, JSON.stringify([...refs, ref]), KEEP_MS);
}

/** The messages posted about item `id` (a request's page id, or `<taskId>/<toolCallId>`) through the channel `channelName`. */
export async function readSlackMessages(store: RequestStore, channelName: string, id: string): Promise<SlackMessageRef[]> {
  return readRefs(await notes(store).readNote(noteName(channelName, id)));
}

/** What the message `ref` of a hand-off was updated to when it ended; undefined while it waits. */
export async function endedMessageOf(
  store: RequestStore,
  channelName: string,
  ref: SlackMessageRef,
): Promise<{ text: string; blocks: unknown[] } | undefined> {
  const note = await notes(store).readNote(endedNoteName(channelName, ref));
  if (note === undefined) return undefined;
  try {
    const read: unknown = JSON.parse(note);
    return isRecord(read) && typeof read.text === 'string' && Array.isArray(read.blocks)
      ? { text: read.text, blocks: read.blocks }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When request `id` (a page's id or a record's) no longer waits, updates each message posted about
 * it through `slack`: its buttons gone, how it ended, by whom, where and when. Once per message
 * across every instance (a claim in the store before the update); nothing while it waits.
 */
export async function settleSlackMessages(
  slack: SlackChannelSettings,
  store: RequestStore,
  id: string,
  logger: TaskProxyLogger,
): Promise<void> {
  const [record] = await store.readRequests([storeIdOf(id)]);
  if (record === undefined || record.state === 'open') return;
  const pageId = pageIdOf(record);
  const refs = readRefs(await notes(store).readNote(noteName(slack.name, pageId)));
  if (refs.length === 0) return;
  const request = requestOf(record);
  const item = request === undefined ? undefined : waitingItem(record, request);
  const view = {
    id: pageId,
    title: plainTitle(item?.title),
    team: record.team,
    source: plainTitle(record.source, 'unknown'),
    request,
    waitingSince: record.openedAt,
    headline: '',
    link: undefined,
  };
  await updateOnce(slack, store, refs, () => slackEndedMessage(view, endedLine(record, EXPIRED_ACTION)), logger);
}

/** Updates each of `refs` to what `message` says, once per message across every instance (a claim in the store first). */
async function updateOnce(
  slack: SlackChannelSettings,
  store: RequestStore,
  refs: readonly SlackMessageRef[],
  message: (ref: SlackMessageRef) => { text: string; blocks: unknown[] },
  logger: TaskProxyLogger,
): Promise<void> {
  for (const ref of refs) {
    if (!(await store.claimOnce(`slack-updated:${slack.name}:${ref.channel}:${ref.ts}`, KEEP_MS))) continue;
    const ended = message(ref);
    // Before the update: a change of control redrawn after it finds this and puts it back (`slack-control.ts`).
    if (ref.handOff !== undefined) await notes(store).keepNote(endedNoteName(slack.name, ref), JSON.stringify(ended), KEEP_MS);
    await callSlack(slack, 'chat.update', { channel: ref.channel, ts: ref.ts, ...ended }).catch((error: unknown) =>
      logger.error(`notifications: ${slack.name} could not update its message of a request that ended: ${describeError(error)}`),
    );
  }
}

/**
 * When a service call was answered through the proxy (a page, a Slack modal), updates each message
 * posted about it through `slack`, once across every instance: its buttons gone, who answered,
 * where and when.
 */
export async function settleCallMessages(
  slack: SlackChannelSettings,
  store: RequestStore,
  answered: AnsweredServiceCall,
  at: number,
  logger: TaskProxyLogger,
): Promise<void> {
  const id = `${answered.taskId}/${answered.toolCallId}`;
  const refs = readRefs(await notes(store).readNote(noteName(slack.name, id)));
  const line = endedLine(
    { state: 'answered', answerAction: 'accept', answeredBy: answered.user, answeredVia: answered.via, endedAt: at },
    '',
  );
  const view = (ref: SlackMessageRef) => ({
    id,
    title: ref.title ?? 'Input requested',
    team: '',
    source: 'task-service',
    request: undefined,
    waitingSince: at,
    headline: '',
    link: undefined,
  });
  await updateOnce(slack, store, refs, (ref) => slackEndedMessage(view(ref), line), logger);
}

/**
 * Told of every request the store changed (on any instance): settles the Slack messages of the ones
 * that ended, through each of `channels`. Store errors go to `onStoreError`.
 */
export function slackMessageSync(
  channels: readonly SlackChannelSettings[],
  store: RequestStore,
  logger: TaskProxyLogger,
  onStoreError: (error: unknown) => void,
  /** Keeps the work until the proxy closes (it waits for it). */
  track: (work: Promise<unknown>) => void,
): (id: string) => void {
  return (id) => {
    for (const slack of channels) track(settleSlackMessages(slack, store, id, logger).catch(onStoreError));
  };
}
