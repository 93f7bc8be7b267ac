/**
 * The numbers, sizes, dates and durations the messages and components write, through `Intl` with
 * the messages' locale, so a translation never formats them by hand. Framework-free; the
 * formatters are cached per locale and options, because making one costs far more than using it.
 */

/** A BCP 47 tag, a list of them (the first supported wins), or `undefined` for the browser's. */
type LocaleInput = string | readonly string[] | undefined;

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(
  kind: string,
  locale: LocaleInput,
  options: object | undefined,
  make: (locales: string[] | undefined) => F,
): F {
  const key = JSON.stringify([kind, locale ?? null, options ?? null]);
  let formatter = formatters.get(key) as F | undefined;
  if (formatter === undefined) {
    const locales = locale === undefined ? undefined : typeof locale === 'string' ? [locale] : [...locale];
    try {
      formatter = make(locales);
    } catch {
      // A malformed tag from an app must not break a render: fall back to the browser's locale.
      formatter = make(undefined);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The shared `Intl.NumberFormat` of a locale and options; a malformed tag gets the browser's locale. For loops over many cells. */
export function numberFormat(locale: LocaleInput, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, (locales) => new Intl.NumberFormat(locales, options));
}

/** `12,345` in `en`, `12.345` in `de`, `12 345` in `fr`. */
export function formatNumber(value: number, locale: LocaleInput, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

const DEFAULT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The shared `Intl.DateTimeFormat` of a locale and options (default: medium date, short time). A
 * malformed tag gets the browser's locale, options `Intl` refuses get the default ones: a list
 * must not break over an app's typo.
 */
export function dateTimeFormat(locale: LocaleInput, options: Intl.DateTimeFormatOptions = DEFAULT_DATE_TIME): Intl.DateTimeFormat {
  try {
    return cached('date', locale, options, (locales) => new Intl.DateTimeFormat(locales, options));
  } catch {
    return cached('date', locale, DEFAULT_DATE_TIME, (locales) => new Intl.DateTimeFormat(locales, DEFAULT_DATE_TIME));
  }
}

/** A date and time as `Intl.DateTimeFormat` writes it in `locale`. Default options: medium date, short time. */
export function formatDateTime(value: Date | number, locale: LocaleInput, options?: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(locale, options).format(value);
}

const BYTE_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1024 * 1024 * 1024, 'GiB'],
  [1024 * 1024, 'MiB'],
  [1024, 'KiB'],
];

/**
 * `1 MiB`, `1.5 MiB` (`1,5 MiB` in `de`), `300 bytes` (`300 Byte`, `300 バイト`): binary units, as
 * the proxy's limits are given; the number and the word "bytes" in the locale's own form.
 */
export function formatByteSize(bytes: number, locale: LocaleInput): string {
  for (const [size, unit] of BYTE_UNITS) {
    if (bytes >= size) return `${formatNumber(bytes / size, locale, { maximumFractionDigits: 1 })} ${unit}`;
  }
  return formatNumber(bytes, locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
}

const DURATION_UNITS: ReadonlyArray<readonly [number, 'day' | 'hour' | 'minute' | 'second']> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** The largest whole unit of a duration: `45 sec`, `2 min`, `3 hr`, `2 days` (`2 Min.`, `2 分`). For "waiting for 2 min". */
export function formatDuration(ms: number, locale: LocaleInput): string {
  const abs = Math.max(0, ms);
  const [size, unit] = DURATION_UNITS.find(([unitSize]) => abs >= unitSize) ?? [1000, 'second'];
  return formatNumber(Math.floor(abs / size), locale, { style: 'unit', unit, unitDisplay: unit === 'day' ? 'long' : 'short' });
}

/** The forms of a counted phrase by CLDR plural category; `#` stands for the number, written in the locale's way. */
export type PluralForms = { readonly other: string } & { readonly [C in Exclude<Intl.LDMLPluralRule, 'other'>]?: string };

/**
 * The form `Intl.PluralRules` picks for `count` in `locale`, with `#` replaced by the number:
 * `countPlural('fr', 0, { one: '# champ', other: '# champs' })` is "0 champ" (French counts 0 as one).
 */
export function countPlural(locale: string, count: number, forms: PluralForms): string {
  const category = cached('plural', locale, undefined, (locales) => new Intl.PluralRules(locales)).select(count);
  return (forms[category] ?? forms.other).replaceAll('#', formatNumber(count, locale));
}

/** A limit or a step as the agent gave it, with every digit kept (`0.0001`, `1,5` in `de`): the default rounds to 3 decimals. */
export function formatExactNumber(value: number, locale: LocaleInput): string {
  return formatNumber(value, locale, { maximumFractionDigits: 20 });
}
