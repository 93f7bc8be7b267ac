/**
 * JSON Schema's `date-time` (an RFC 3339 instant, with its offset) in a `datetime-local` field,
 * which holds a wall-clock time without one: the field shows and takes the time in the browser's
 * zone, and the answer is that instant in UTC.
 */
import { formatDateLike, parseDateLike, sanitizeDateLike } from './date-like';

/** RFC 3339's `date-time`; seconds optional, as some servers leave them out. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/**
 * The `datetime-local` value of `text` in the browser's zone: an RFC 3339 time is moved to local
 * time, a wall-clock time without offset is taken as it is; undefined for anything else.
 */
export function localDateTime(text: string): string | undefined {
  if (!RFC_3339.test(text)) return sanitizeDateLike('datetime-local', text) || undefined;
  // Date.parse reads only ISO's upper-case, T-separated form reliably.
  const date = new Date(text.toUpperCase().replace(' ', 'T'));
  const year = date.getFullYear();
  // A field's value counts wall-clock time as if it were UTC: the zone's offset at that instant is added.
  return year >= 1 && year <= 9999
    ? (formatDateLike('datetime-local', date.getTime() - date.getTimezoneOffset() * 60_000) ?? undefined)
    : undefined;
}

/** The RFC 3339 time (UTC) of a `datetime-local` value in the browser's zone; undefined when it names none. */
export function utcDateTime(local: string): string | undefined {
  if (parseDateLike('datetime-local', local) === null) return undefined;
  // Without an offset, ECMAScript reads an ISO date-time as local time.
  const date = new Date(local.replace(' ', 'T'));
  const year = date.getUTCFullYear();
  // RFC 3339 has four-digit years only; toISOString would write a six-digit one.
  return year >= 0 && year <= 9999 ? date.toISOString() : undefined;
}

/**
 * The latest values a `date` and a `datetime-local` field take (as `valueAsNumber`, 9999-12-31 and
 * 9999-12-30T23:59): RFC 3339 has four-digit years, and a wall-clock time a day before the end of
 * 9999 stays in them in every zone.
 */
export const LATEST_DATE = Date.UTC(9999, 11, 31);
export const LATEST_DATE_TIME = Date.UTC(9999, 11, 30, 23, 59);
