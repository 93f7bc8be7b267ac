/**
 * Slack's text objects for the Block Kit preview: `plain_text` as it is, and `mrkdwn` with the few
 * marks the proxy's messages use (`*bold*`, `_italic_`, `~strike~`, `` `code` ``, `<!date^…>`,
 * `<url|label>`). Everything becomes React text nodes: an agent's words are never HTML here either.
 */
import type { ReactNode } from 'react';
import { isRecord } from '../../src/utils';

/** Slack escapes these three in mrkdwn (`escapeMrkdwn`); shown as the characters they stand for. */
const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const httpUrl = (text: string): string | undefined => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

const DATE_TOKENS: Record<string, Intl.DateTimeFormatOptions> = {
  date_num: { year: 'numeric', month: '2-digit', day: '2-digit' },
  date: { year: 'numeric', month: 'long', day: 'numeric' },
  date_short: { year: 'numeric', month: 'short', day: 'numeric' },
  date_long: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  // Slack says "today" or "yesterday" when it can; a fixed story date cannot, so the short date.
  date_pretty: { year: 'numeric', month: 'long', day: 'numeric' },
  date_short_pretty: { year: 'numeric', month: 'short', day: 'numeric' },
  date_long_pretty: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  time_secs: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
};

/** `<!date^1767258000^{date_short_pretty} at {time}|fallback>`: the time in the reader's zone, as Slack shows it. */
function SlackDate({ token }: { token: string }) {
  const [spec = '', fallback = ''] = token.split('|');
  const [, seconds = '', format = ''] = spec.split('^');
  const date = new Date(Number(seconds) * 1000);
  if (Number.isNaN(date.getTime())) return unescape(fallback);
  const words = format.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const options = DATE_TOKENS[name];
    return options === undefined ? whole : new Intl.DateTimeFormat('en-US', options).format(date);
  });
  return <time dateTime={date.toISOString()}>{words}</time>;
}

/** What Slack shows for `<…>`: a date, a link (http(s) only, else its words), a mention. */
function Angle({ token }: { token: string }): ReactNode {
  if (token.startsWith('!date^')) return <SlackDate token={token} />;
  if (token.startsWith('!')) return `@${token.slice(1).split('|')[0] ?? ''}`;
  if (token.startsWith('@') || token.startsWith('#')) return token.split('|')[1] ?? token;
  const [target = '', label] = token.split('|');
  const url = httpUrl(unescape(target));
  const words = unescape(label ?? target);
  return url === undefined ? words : <a href={url}>{words}</a>;
}

const MARKS = /<([^<>]+)>|\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~|`([^`\n]+)`/g;

/** A mrkdwn string as Slack shows it, each mark its element, the rest text. */
export function Mrkdwn({ source }: { source: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of source.matchAll(MARKS)) {
    const at = match.index;
    if (at > last) parts.push(unescape(source.slice(last, at)));
    const [, angle, bold, italic, strike, code] = match;
    const key = parts.length;
    if (angle !== undefined) parts.push(<Angle key={key} token={angle} />);
    else if (bold !== undefined) parts.push(<strong key={key}>{unescape(bold)}</strong>);
    else if (italic !== undefined) parts.push(<em key={key}>{unescape(italic)}</em>);
    else if (strike !== undefined) parts.push(<s key={key}>{unescape(strike)}</s>);
    else parts.push(<code key={key}>{unescape(code ?? '')}</code>);
    last = at + match[0].length;
  }
  if (last < source.length) parts.push(unescape(source.slice(last)));
  return <>{parts}</>;
}

/** A text object (`{ type: 'plain_text' | 'mrkdwn', text }`) as Slack shows it; nothing for anything else. */
export function TextObject({ text }: { text: unknown }) {
  if (!isRecord(text) || typeof text.text !== 'string') return null;
  return text.type === 'mrkdwn' ? <Mrkdwn source={text.text} /> : <>{text.text}</>;
}

/** The words of a text object, for a label or an option's name. */
export const plainWords = (text: unknown): string => (isRecord(text) && typeof text.text === 'string' ? text.text : '');

export { httpUrl };
