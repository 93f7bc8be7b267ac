import { isRecord } from '../../utils';
import { controlHolderLine, type HandOffHolder, type HandOffText } from './notify-message';
import { escapeMrkdwn } from './notify-slack-body';
import { header, slackDate } from './slack-blocks';
import { plain } from './slack-form';

/**
 * What the message about a hand-off of the agent's browser shows, kept with the message (the
 * store's note of it) so that any instance can say who holds control later. Plain text only,
 * never the live view's address.
 */
export interface SlackHandOffView extends HandOffText {
  readonly title: string;
  readonly team: string;
  readonly source: string;
  /** Who asks, in words ("Checkout agent"). */
  readonly requestedBy: string;
  readonly waitingSince: number;
  /** "Waiting for an answer", "Still waiting after 30 min". */
  readonly headline: string;
  /** The inbox's address of it (`notify.link`), http(s); undefined when `link` gave none. */
  readonly link?: string | undefined;
}

const TEXT_FIELDS = ['title', 'team', 'source', 'requestedBy', 'headline', 'reason', 'instructions'] as const;

/** A `SlackHandOffView` read back from the store; undefined for anything else. */
export function readHandOffView(value: unknown): SlackHandOffView | undefined {
  if (!isRecord(value) || !TEXT_FIELDS.every((field) => typeof value[field] === 'string')) return undefined;
  if (typeof value.waitingSince !== 'number' || !Number.isFinite(value.waitingSince)) return undefined;
  if (value.link !== undefined && typeof value.link !== 'string') return undefined;
  return value as unknown as SlackHandOffView;
}

/**
 * The message about a hand-off while it waits: why the agent needs a person and what to do there,
 * who holds control now ("alice has control since 10:41 UTC", or "Nobody has control yet"), and
 * only the inbox's link: control is taken in the inbox, so no button here answers it.
 */
export function slackHandOffMessage(
  view: SlackHandOffView,
  holder: HandOffHolder | null | undefined,
): { text: string; blocks: Array<Record<string, unknown>> } {
  const blocks: Array<Record<string, unknown>> = [
    { type: 'header', text: plain(header(view.title)) },
    { type: 'section', fields: [plain(`Requested by: ${view.requestedBy}`)] },
  ];
  if (view.reason !== '') blocks.push({ type: 'section', text: plain(view.reason) });
  if (view.instructions !== '') blocks.push({ type: 'section', text: plain(`What to do: ${view.instructions}`) });
  const holding = controlHolderLine(holder);
  blocks.push({ type: 'section', block_id: 'hitl_control', text: plain(holding) });
  const facts = [...(view.team === '' ? [] : [`Team ${view.team}`]), view.source].map(escapeMrkdwn).join(' · ');
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `${escapeMrkdwn(view.headline)} · ${facts} · waiting since ${slackDate(view.waitingSince)}` }],
  });
  if (view.link !== undefined)
    blocks.push({
      type: 'actions',
      block_id: 'hitl_actions',
      elements: [{ type: 'button', action_id: 'hitl_open_request', text: plain('Open in inbox to take control'), url: view.link }],
    });
  return { text: escapeMrkdwn(`${view.headline}: ${view.title}. ${holding}`), blocks };
}
