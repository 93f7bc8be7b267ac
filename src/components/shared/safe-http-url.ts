/**
 * The normalised address when `value` is an absolute `http:` or `https:` URL, else `undefined`.
 *
 * Addresses in run statuses and GIF statuses come from the service and may carry what an agent
 * read on a hostile page, so nothing reaches `src` or `href` without this check. The parsed,
 * serialised form is returned (not the input), so what was checked is exactly what is used:
 * `" java\tscript:…"` parses to `javascript:` and is refused. Relative addresses are refused too:
 * the service has no reason to send one, and resolved against the page they would be same-origin.
 */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

/** True when `url` (already checked by `safeHttpUrl`) has the origin of the page the code runs in. */
export function isPageOrigin(url: string): boolean {
  if (typeof location === 'undefined') return false;
  try {
    return new URL(url).origin === location.origin;
  } catch {
    return false;
  }
}
