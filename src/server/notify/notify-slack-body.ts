import { waitedFor } from './notify-message';
import type { NotificationMessage } from './notify-options';

/** `text` safe in Slack's mrkdwn: its three control characters escaped, so no `<!channel>` or link can be made of a title. */
export const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The one line saying why the notification comes, in English. */
export function notificationHeadline(message: NotificationMessage): string {
  return message.kind === 'escalation' ? `Still waiting after ${waitedFor(message.afterMs ?? 0)}` : 'Waiting for an answer';
}

/** Who and what, as one line: `Team ops · mcp`. */
export function notificationContextLine(message: NotificationMessage): string {
  return [message.team === '' ? undefined : `Team ${message.team}`, message.source].filter((part) => part !== undefined).join(' · ');
}

/**
 * A Slack incoming-webhook body: `text` (the notification's and a screen reader's fallback) and
 * Block Kit blocks: the title as `plain_text` (agent-made: never mrkdwn), a context line with the
 * team and source, and a button that opens the request in the inbox.
 */
export function slackWebhookBody(message: NotificationMessage): Record<string, unknown> {
  const headline = notificationHeadline(message);
  const context = notificationContextLine(message);
  const blocks: Array<Record<string, unknown>> = [
    { type: 'section', text: { type: 'plain_text', text: message.title, emoji: false } },
    { type: 'context', elements: [{ type: 'plain_text', text: `${headline} · ${context}`, emoji: false }] },
  ];
  if (message.link !== undefined)
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: 'hitl_open_request',
          text: { type: 'plain_text', text: 'Open request', emoji: false },
          url: message.link,
          style: 'primary',
        },
      ],
    });
  return { text: escapeMrkdwn(`${headline}: ${message.title} (${context})`), blocks, unfurl_links: false, unfurl_media: false };
}
