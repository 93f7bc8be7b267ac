/**
 * The value formats and `valueAsNumber` of HTML's date-like inputs.
 *
 * The spec gives `min`/`max` for date inputs as numbers. We read them as the input's
 * `valueAsNumber`, exactly as HTML defines it, so they mean the same thing to the agent, the
 * browser and our validation:
 * - `date`, `datetime-local`, `week`: milliseconds since 1970-01-01T00:00Z (a week is its Monday);
 * - `time`: milliseconds since midnight;
 * - `month`: months since January 1970.
 * We do our own parsing rather than ask the element, because support for `valueAsNumber` on
 * `week`/`month` differs between engines (and jsdom has none).
 */
import type { DateLikeKind } from '../schema';

const DAY_MS = 86_400_000;

function utcMs(year: number, monthIndex: number, day: number): number {
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime();
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** 0 = Monday … 6 = Sunday, for a UTC day number. */
function isoWeekday(ms: number): number {
  return (new Date(ms).getUTCDay() + 6) % 7;
}

/** Monday 00:00Z of ISO week 1 of `year` (the week that holds 4 January). */
function isoWeekOneMonday(year: number): number {
  const jan4 = utcMs(year, 0, 4);
  return jan4 - isoWeekday(jan4) * DAY_MS;
}

function weeksInYear(year: number): number {
  const jan1 = isoWeekday(utcMs(year, 0, 1));
  // A year has 53 ISO weeks when it starts on a Thursday, or on a Wednesday in a leap year.
  return jan1 === 3 || (jan1 === 2 && isLeapYear(year)) ? 53 : 52;
}

function parseDate(value: string): number | null {
  const m = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return utcMs(year, month - 1, day);
}

function parseTime(value: string): number | null {
  const m = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
  if (!m) return null;
  const [hour, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  const millis = Number((m[4] ?? '').padEnd(3, '0'));
  if (hour > 23 || minute > 59 || second > 59) return null;
  return ((hour * 60 + minute) * 60 + second) * 1000 + millis;
}

function parseMonth(value: string): number | null {
  const m = /^(\d{4,})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month] = [Number(m[1]), Number(m[2])];
  if (year < 1 || month < 1 || month > 12) return null;
  return (year - 1970) * 12 + (month - 1);
}

function parseWeek(value: string): number | null {
  const m = /^(\d{4,})-W(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, week] = [Number(m[1]), Number(m[2])];
  if (year < 1 || week < 1 || week > weeksInYear(year)) return null;
  return isoWeekOneMonday(year) + (week - 1) * 7 * DAY_MS;
}

function parseDateTimeLocal(value: string): number | null {
  const m = /^(.+?)[T ](.+)$/.exec(value);
  if (!m) return null;
  const date = parseDate(m[1] ?? '');
  const time = parseTime(m[2] ?? '');
  return date === null || time === null ? null : date + time;
}

/** The `valueAsNumber` of a value of this kind, or null when the value is not valid for it. */
export function parseDateLike(kind: DateLikeKind, value: string): number | null {
  switch (kind) {
    case 'date':
      return parseDate(value);
    case 'time':
      return parseTime(value);
    case 'month':
      return parseMonth(value);
    case 'week':
      return parseWeek(value);
    case 'datetime-local':
      return parseDateTimeLocal(value);
  }
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function formatTime(ms: number): string {
  const total = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
  const millis = Math.floor(total % 1000);
  const seconds = Math.floor(total / 1000) % 60;
  const minutes = Math.floor(total / 60_000) % 60;
  const hours = Math.floor(total / 3_600_000);
  let text = `${pad(hours)}:${pad(minutes)}`;
  if (seconds !== 0 || millis !== 0) text += `:${pad(seconds)}`;
  if (millis !== 0) text += `.${pad(millis, 3)}`;
  return text;
}

function formatDay(ms: number): string | null {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 1) return null;
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * The normalised value string of the given `valueAsNumber`, as HTML's `valueAsNumber` setter
 * produces it; null when it lies outside what the kind can express (years before 1, non-finite).
 */
export function formatDateLike(kind: DateLikeKind, n: number): string | null {
  if (!Number.isFinite(n)) return null;
  switch (kind) {
    case 'time':
      return formatTime(n);
    case 'date':
      return formatDay(Math.floor(n / DAY_MS) * DAY_MS);
    case 'datetime-local': {
      const day = formatDay(Math.floor(n / DAY_MS) * DAY_MS);
      return day === null ? null : `${day}T${formatTime(n)}`;
    }
    case 'month': {
      const months = Math.floor(n);
      const year = 1970 + Math.floor(months / 12);
      if (year < 1) return null;
      return `${pad(year, 4)}-${pad((((months % 12) + 12) % 12) + 1)}`;
    }
    case 'week': {
      const dayStart = Math.floor(n / DAY_MS) * DAY_MS;
      const thursday = dayStart + (3 - isoWeekday(dayStart)) * DAY_MS;
      // The ISO year of a week is the year its Thursday falls in.
      const year = new Date(thursday).getUTCFullYear();
      if (Number.isNaN(year) || year < 1) return null;
      const week = Math.floor((thursday - isoWeekOneMonday(year)) / (7 * DAY_MS)) + 1;
      return `${pad(year, 4)}-W${pad(week)}`;
    }
  }
}

/**
 * The value the element would hold after HTML's value sanitisation: valid strings normalised
 * (`datetime-local` with `T`), anything else becomes ''.
 */
export function sanitizeDateLike(kind: DateLikeKind, value: string): string {
  const n = parseDateLike(kind, value);
  if (n === null) return '';
  // HTML normalises only datetime-local: `T` separator and the shortest time form.
  return kind === 'datetime-local' ? (formatDateLike(kind, n) ?? '') : value;
}
