import { escapeHtml } from '../notify/notify-message';

/**
 * One page of `{basePath}/act/{token}`: plain text only (every string escaped, agent-made or not),
 * no script, no style, nothing loaded; at most one form, which posts to the page's own address.
 */
export interface LinkPage {
  readonly status: number;
  /** The `<h1>`, and the document's title. */
  readonly heading: string;
  /** Paragraphs of plain text. */
  readonly lines: readonly string[];
  /** The one button's label: the page asks before it answers. */
  readonly button?: string | undefined;
  /** The inbox's address (`notify.link`, http(s) only), to see or answer the request there. */
  readonly inbox?: string | undefined;
}

/**
 * Mail scanners and link previews fetch every link: nothing may run, be framed, be indexed, be kept
 * in a cache, or tell another site the address (which is the credential).
 */
const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** `page` as a response; for `HEAD`, its status and headers alone. */
export function linkPageResponse(page: LinkPage, head: boolean): Response {
  const headers = new Headers(PAGE_HEADERS);
  if (page.status === 503) headers.set('retry-after', '1');
  if (head) return new Response(null, { status: page.status, headers });
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(page.heading)}</title>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(page.heading)}</h1>`,
    ...page.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    page.button === undefined ? '' : `<form method="post"><button type="submit">${escapeHtml(page.button)}</button></form>`,
    page.inbox === undefined ? '' : `<p><a href="${escapeHtml(page.inbox)}">Open the inbox</a></p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].filter((line, index, all) => line !== '' || index === all.length - 1);
  return new Response(html.join('\n'), { status: page.status, headers });
}

/** "2026-05-06 07:08 UTC". */
export const timeInWords = (at: number | string) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? 'an unknown time' : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** "Answered by ann@blue at 2026-05-06 07:08 UTC.", or as much of it as is known. */
export function answeredLine(by: string | undefined, at: number | string | undefined): string {
  const who = by === undefined || by === '' ? '' : ` by ${by}`;
  return `Answered${who}${at === undefined ? '' : ` at ${timeInWords(at)}`}.`;
}

/** The page of a link that is not one of this proxy's (made up, changed, or signed under another secret). */
export const NOT_A_LINK: LinkPage = Object.freeze({
  status: 404,
  heading: 'This link is not valid',
  lines: ['It may have been changed or cut short. Open the request from your inbox instead.'],
});

/** The page when the proxy cannot read or write its store now. */
export const TRY_AGAIN: LinkPage = Object.freeze({
  status: 503,
  heading: 'Try again in a moment',
  lines: ['The proxy could not take the answer right now. Open this link again in a moment: it then says whether your answer was taken.'],
});
