/** The `Intl` helpers every message and component formats numbers, sizes, dates and durations with. */
import {
  countPlural,
  dateTimeFormat,
  formatByteSize,
  formatDateTime,
  formatDuration,
  formatExactNumber,
  formatNumber,
  numberFormat,
} from '../../../src/messages';

const MINUTE = 60_000;

describe('formatNumber and formatExactNumber', () => {
  it('write the locale separators', () => {
    expect(formatNumber(12_345.5, 'en')).toBe('12,345.5');
    expect(formatNumber(12_345.5, 'de')).toBe('12.345,5');
    expect(formatExactNumber(0.0001, 'fr')).toBe('0,0001');
  });

  it('falls back to the browser locale on a malformed tag instead of throwing', () => {
    expect(() => formatNumber(1, 'not a tag!')).not.toThrow();
  });

  it('shares one formatter per locale and options', () => {
    expect(numberFormat('de')).toBe(numberFormat('de'));
    expect(numberFormat(['de'])).toBe(numberFormat(['de']));
  });
});

describe('formatByteSize', () => {
  it('writes binary units with the locale number', () => {
    expect(formatByteSize(1024 * 1024, 'en')).toBe('1 MiB');
    expect(formatByteSize(1.5 * 1024 * 1024, 'de')).toBe('1,5 MiB');
    expect(formatByteSize(512 * 1024, 'ja')).toBe('512 KiB');
    expect(formatByteSize(300, 'en')).toBe('300 bytes');
    expect(formatByteSize(300, 'de')).toBe('300 Byte');
  });
});

describe('formatDuration', () => {
  it('write "waiting for 2 min" durations in the largest whole unit', () => {
    expect(formatDuration(2 * MINUTE + 10_000, 'en')).toBe('2 min');
    expect(formatDuration(45_000, 'en')).toBe('45 sec');
    expect(formatDuration(3 * 60 * MINUTE, 'de')).toBe('3 Std.');
    expect(formatDuration(2 * MINUTE, 'ja')).toBe('2 分');
    expect(formatDuration(-5, 'en')).toBe('0 sec');
  });
});

describe('formatDateTime', () => {
  const moment = Date.UTC(2026, 10, 23, 15, 30);

  it('writes the date in the locale', () => {
    expect(formatDateTime(moment, 'de', { dateStyle: 'long', timeZone: 'UTC' })).toBe('23. November 2026');
    expect(formatDateTime(moment, 'ja', { dateStyle: 'long', timeZone: 'UTC' })).toBe('2026年11月23日');
  });

  it('falls back to the default options when Intl refuses the given ones', () => {
    expect(() => dateTimeFormat('en', { timeZone: 'Nowhere/Never' })).not.toThrow();
  });
});

describe('countPlural', () => {
  it('picks the CLDR category and writes the number', () => {
    const forms = { one: '# champ', many: '# de champs', other: '# champs' };
    expect(countPlural('fr', 0, forms)).toBe('0 champ');
    expect(countPlural('fr', 1, forms)).toBe('1 champ');
    expect(countPlural('fr', 2, forms)).toBe('2 champs');
    expect(countPlural('fr', 1_000_000, forms)).toBe('1\u202f000\u202f000 de champs');
    expect(countPlural('ja', 1, { other: '#件' })).toBe('1件');
  });

  it('uses "other" when the locale has a category the forms lack', () => {
    expect(countPlural('fr', 1_000_000, { one: '# champ', other: '# champs' })).toBe('1\u202f000\u202f000 champs');
  });
});
