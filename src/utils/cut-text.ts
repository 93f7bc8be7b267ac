/**
 * `text` cut to at most `max` UTF-16 units and an ellipsis, never between the two halves of a
 * surrogate pair; as it is when shorter. `max` defaults to 10,000: what the adapters keep of a
 * source's text, so a hostile source cannot make a page render megabytes.
 */
export function cutText(text: string, max = 10_000): string {
  if (text.length <= max) return text;
  return `${text.slice(0, /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max)}…`;
}
