import { formatDateLike, parseDateLike, sanitizeDateLike } from '../../../src/form';

/** What the browser's own input reports, where jsdom implements valueAsNumber. */
function nativeValueAsNumber(type: string, value: string): number {
  const input = document.createElement('input');
  input.type = type;
  input.value = value;
  return input.valueAsNumber;
}

describe('valueAsNumber of date-like values', () => {
  it.each([
    ['date', '2024-02-29'],
    ['date', '0099-12-31'],
    ['datetime-local', '2024-05-06T10:30:15.250'],
    ['time', '23:59:59.999'],
    ['month', '1969-12'],
  ])('%s %s agrees with the DOM', (type, value) => {
    expect(parseDateLike(type as 'date', value)).toBe(nativeValueAsNumber(type, value));
  });

  it('a fraction of a second is a fraction (".5" is 500 ms; jsdom reads it as 5)', () => {
    expect(parseDateLike('time', '00:00:01.5')).toBe(1500);
  });

  it('week: the Monday 00:00Z of the ISO week', () => {
    expect(parseDateLike('week', '2024-W01')).toBe(Date.UTC(2024, 0, 1));
    // ISO week 1 of 2021 starts on 4 January; 2020 had 53 weeks.
    expect(parseDateLike('week', '2021-W01')).toBe(Date.UTC(2021, 0, 4));
    expect(parseDateLike('week', '2020-W53')).toBe(Date.UTC(2020, 11, 28));
    expect(parseDateLike('week', '2021-W53')).toBeNull();
  });

  it('refuses what HTML refuses', () => {
    expect(parseDateLike('date', '2023-02-29')).toBeNull();
    expect(parseDateLike('date', '2024-5-6')).toBeNull();
    expect(parseDateLike('time', '24:00')).toBeNull();
    expect(parseDateLike('month', '2024-13')).toBeNull();
    expect(parseDateLike('datetime-local', '2024-05-06')).toBeNull();
  });
});

describe('formatting a valueAsNumber', () => {
  it.each([
    ['date', Date.UTC(2024, 1, 29, 15), '2024-02-29'],
    ['datetime-local', Date.UTC(2024, 4, 6, 10, 30), '2024-05-06T10:30'],
    ['datetime-local', Date.UTC(2024, 4, 6, 10, 30, 5, 250), '2024-05-06T10:30:05.250'],
    ['time', 9 * 3_600_000 + 5 * 60_000, '09:05'],
    ['month', 0, '1970-01'],
    ['month', -1, '1969-12'],
    ['week', Date.UTC(2021, 0, 3), '2020-W53'],
    ['week', Date.UTC(2024, 11, 30), '2025-W01'],
  ])('%s %d → %s', (type, n, text) => {
    expect(formatDateLike(type as 'date', n)).toBe(text);
    // And back: the format is the one parseDateLike reads.
    expect(parseDateLike(type as 'date', text)).not.toBeNull();
  });

  it('gives null for what the kind cannot express', () => {
    expect(formatDateLike('date', Date.UTC(-5, 0, 1))).toBeNull();
    expect(formatDateLike('date', Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('sanitises like the element: invalid → "", datetime-local normalised', () => {
    expect(sanitizeDateLike('date', 'tomorrow')).toBe('');
    expect(sanitizeDateLike('datetime-local', '2024-05-06 10:30:00')).toBe('2024-05-06T10:30');
  });
});
