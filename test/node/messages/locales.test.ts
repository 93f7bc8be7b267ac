/**
 * The shipped locales (`hitl-react/locales/<tag>`): each has every message of English, each
 * message writes something for every sample context, the plurals follow the language's rules, and
 * the translations are translations (not English left in place).
 */
import { en, mergeMessages, type MessageGroup, type Messages, type RunStatusBadgeMessages } from '../../../src/messages';
import { de } from '../../../src/messages/locales/de';
import { en as enEntry } from '../../../src/messages/locales/en';
import { es } from '../../../src/messages/locales/es';
import { fr } from '../../../src/messages/locales/fr';
import { ja } from '../../../src/messages/locales/ja';

const LOCALES: Record<string, Messages> = { en: enEntry, de, fr, es, ja };

const groups = Object.keys(en).filter((key): key is MessageGroup => key !== 'locale');
const keysOf = (messages: object) => Object.keys(messages).sort();
/** A group as a table of message functions, to call each with the sample contexts. */
const table = (messages: object) => messages as Record<string, (context: unknown) => string>;

/** One context holding every field any message reads, with typical values. */
const BASE = {
  label: 'Email',
  index: 2,
  type: 'text',
  minLength: 3,
  maxLength: 10,
  length: 12_345,
  pattern: '[a-z]+',
  min: 3,
  minText: '3',
  max: 10,
  maxText: '10',
  step: 0.5,
  lower: 1,
  upper: 1.5,
  count: 2,
  labels: ['Email', 'Age'],
  requestedType: 'color',
  query: 'ap',
  option: 'Apple',
  toolName: 'approve_purchase',
  title: undefined,
  name: 'amount',
  detail: 'Unexpected token } in JSON',
  path: '/address/city',
  message: 'must be string',
  reason: 'csp',
  taskId: 'task_1',
  runId: 'run_1',
  limit: '1 MiB',
  status: 'running',
  detailedStatus: undefined,
  attempt: 1,
  maxAttempts: 3,
  id: 'run_1',
  value: 'yesterday',
  key: 'title',
  page: 2,
  pageCount: 5,
  duration: '2 min',
  action: 'answer',
  outcome: 'already_answered',
  user: 'ada@example.com',
  time: '12:03',
  task: 'Book a table',
  idSuffix: 'c41f',
  latestRun: 'May 3, 2026, 10:42 AM',
  host: 'shop.example.com',
  url: 'javascript:alert(1)',
  ms: 125_000,
  decision: 'approve',
  always: false,
  property: 'address',
  source: 'mcp',
  requestedBy: undefined,
  requester: 'Bistro Lumière',
  heading: 'Approval requested',
  what: 'send_email',
  ordinal: undefined,
  requests: true,
  locale: 'en',
};

/** Fields a group reads differently: the inbox's `title` is always a string (empty without one); a request's `action` is how it was answered. */
const GROUP_CONTEXT: Partial<Record<MessageGroup, Partial<Record<keyof typeof BASE, unknown>>>> = {
  inbox: { title: 'Confirm the order' },
  request: { action: 'accept' },
};

/** Each variant changes what some message branches on: counts (0, 1, many, a million), kinds, reasons, statuses. */
const VARIANTS: Array<Partial<Record<keyof typeof BASE, unknown>>> = [
  {},
  { count: 0, length: 0, minLength: 0, maxLength: 0, labels: [] },
  { count: 1, length: 1, minLength: 1, maxLength: 1, labels: ['Email'], page: 1, pageCount: 1, index: 0 },
  { count: 1_000_000, length: 1_000_000, minLength: 1_000_000, maxLength: 1_000_000 },
  { type: 'date', min: 1714521600000, minText: '2024-05-01', max: 1717113600000, maxText: '2024-05-31' },
  { type: 'number', min: 0.0001, minText: '0.0001', lower: 1.25, upper: 1.5 },
  { type: 'unknown-kind', title: 'Approve the purchase', path: '', reason: 'schema' },
  { reason: 'load', runId: undefined, limit: '', key: 'value' },
  { status: 'queued', detailedStatus: 'waiting_for_slot', key: 'price' },
  { status: 'pending', runId: '' },
  { status: '', detailedStatus: 'processing_page' },
  { status: 'failed', attempt: 3, maxAttempts: 3 },
  { status: 'active' },
  { latestRun: undefined },
  { decision: 'edit', action: 'decline', property: undefined, ms: 0 },
  { decision: 'reject', action: 'cancel', ms: 172_800_000 },
  { decision: 'respond' },
  { decision: 'reject', always: true },
  { source: 'task-service' },
  { source: 'constructor' },
  { source: 'langgraph', requestedBy: 'weekly-report-graph', requests: false, what: undefined, ordinal: 2 },
];

/** Messages that show a value of the service as it is (when it is not one they know). */
const RAW = new Set(['taskList.taskStatus']);

describe.each(Object.entries(LOCALES))('locale %s', (tag, locale) => {
  it('has its own tag', () => {
    expect(locale.locale).toBe(tag);
    expect(() => new Intl.PluralRules(locale.locale)).not.toThrow();
  });

  it('has exactly the groups and messages of English', () => {
    expect(keysOf(locale)).toEqual(keysOf(en));
    for (const group of groups) {
      expect(keysOf(locale[group]), `${tag}.${group}`).toEqual(keysOf(en[group]));
      for (const key of keysOf(en[group])) expect(typeof table(locale[group])[key], `${tag}.${group}.${key}`).toBe('function');
    }
  });

  it('writes a non-empty text for every message and every sample context', () => {
    for (const group of groups) {
      for (const [key, message] of Object.entries(table(locale[group]))) {
        for (const variant of VARIANTS) {
          const text = message({ ...BASE, ...GROUP_CONTEXT[group], ...variant });
          expect(typeof text, `${tag}.${group}.${key}(${JSON.stringify(variant)})`).toBe('string');
          // A raw value shown as it is stays empty when the service sent it empty.
          if (!(RAW.has(`${group}.${key}`) && variant.status === ''))
            expect(text.trim(), `${tag}.${group}.${key}(${JSON.stringify(variant)})`).not.toBe('');
          expect(text, `${tag}.${group}.${key}`).not.toMatch(/undefined|NaN|\[object/);
        }
      }
    }
  });
});

describe.each(Object.entries(LOCALES))('locale %s, a request answered elsewhere', (_tag, locale) => {
  it('is said whether the proxy names who answered and when, or not', () => {
    for (const user of ['ada@example.com', undefined])
      for (const time of ['12:03', undefined]) {
        const text = locale.inbox.requestAnswered({ user, time });
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/undefined/);
        if (user !== undefined) expect(text).toContain(user);
        if (time !== undefined) expect(text).toContain(time);
      }
  });
});

describe.each(Object.entries(LOCALES))('locale %s, who asks for a request', (_tag, locale) => {
  it('names every source, with the server’s or agent’s own name when the request gives one', () => {
    const names = ['mcp', 'langgraph', 'ai-sdk', 'ag-ui', 'openai-agents', 'mastra', 'task-service'].map((source) =>
      locale.request.sourceName({ source }),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(locale.request.sourceName({ source: 'my-bot' })).toBe('my-bot');
    for (const source of ['mcp', 'langgraph']) {
      const name = locale.request.sourceName({ source });
      expect(locale.inbox.requestSource({ source, requestedBy: undefined })).toBe(name);
      const named = locale.inbox.requestSource({ source, requestedBy: 'Bistro Lumière' });
      expect(named).toContain('Bistro Lumière');
      expect(named).toContain(name);
    }
    expect(locale.request.requestedBy({ requester: 'Bistro Lumière' })).toContain('Bistro Lumière');
  });

  it('lists requests under their own label, not the tool calls’, and counts the further actions', () => {
    expect(locale.inbox.listLabel({ requests: true })).not.toBe(locale.inbox.listLabel({ requests: false }));
    expect(locale.inbox.endedListLabel()).not.toBe(locale.inbox.listLabel({ requests: true }));
    expect(locale.inbox.moreActions({ count: 2 })).toContain('2');
  });

  it('says "always" on an approve or a reject that applies to the tool’s later calls, and names the tool in its checkbox', () => {
    for (const decision of ['approve', 'reject'] as const) {
      const once = locale.request.decided({ decision });
      expect(locale.request.decided({ decision, always: false })).toBe(once);
      const always = locale.request.decided({ decision, always: true });
      expect(always).toContain(once);
      expect(always.length).toBeGreaterThan(once.length);
    }
    expect(locale.request.decided({ decision: 'approve', always: true })).not.toBe(
      locale.request.decided({ decision: 'reject', always: true }),
    );
    expect(locale.request.alwaysLabel({ name: 'send_email' })).toContain('send_email');
    expect(locale.request.alwaysHint().trim()).not.toBe('');
  });

  it('names a prompt by its heading, then what it asks and what for, each when there is one, and numbers the same name', () => {
    const label = (context: Parameters<typeof locale.request.promptLabel>[0]) => locale.request.promptLabel(context);
    const none = { what: undefined, detail: undefined, ordinal: undefined };
    expect(label({ ...none, heading: 'H' })).toBe('H');
    expect(label({ ...none, heading: 'H', what: 'send_email' })).toMatch(/^H.+send_email$/);
    expect(label({ ...none, heading: 'H', detail: 'Send it' })).toMatch(/^H.+Send it$/);
    expect(label({ ...none, heading: 'H', what: 'send_email', detail: 'Send it' })).toMatch(/^H.+send_email.+Send it$/);
    // The same question twice on a page: numbered.
    expect(label({ ...none, heading: 'H', detail: 'Send it', ordinal: 2 })).toMatch(/^H.+Send it.+2.$/);
  });
});

describe.each(Object.entries({ de, fr, es, ja }))('translation %s', (_tag, locale) => {
  it('translates (at most a few messages equal English, such as a raw id or "Status")', () => {
    const same: string[] = [];
    let total = 0;
    for (const group of groups) {
      for (const [key, message] of Object.entries(table(locale[group]))) {
        total += 1;
        const english = table(en[group])[key];
        if (message(BASE) === english?.(BASE)) same.push(`${group}.${key}`);
      }
    }
    // Headings that are the tool's name or title, raw ids and names, "Arguments (JSON)" in French…
    expect(same.length / total, same.join(', ')).toBeLessThan(0.1);
  });
});

describe('plurals and numbers, by the language rules', () => {
  it('German: singular for 1 only, numbers with German separators', () => {
    expect(de.form.errorSummary({ count: 1, labels: ['E-Mail'] })).toBe('Bitte korrigieren Sie 1 Feld: E-Mail.');
    expect(de.form.errorSummary({ count: 2, labels: ['E-Mail', 'Alter'] })).toBe('Bitte korrigieren Sie 2 Felder: E-Mail, Alter.');
    expect(de.form.showAll({ length: 12_345 })).toBe('Alles anzeigen (12.345 Zeichen)');
    expect(de.form.stepMismatch({ ...BASE, lower: 1, upper: 1.5 })).toContain('1 oder 1,5');
    expect(de.form.tooFewChosen({ ...BASE, min: 1 })).toBe('Wählen Sie mindestens 1 Option aus');
    expect(de.request.decisionsLeft({ count: 2, locale: 'de' })).toBe('Noch 2 Aktionen zu entscheiden');
  });

  it('French: 0 and 1 singular, round millions take "de"', () => {
    expect(fr.form.tooShort({ ...BASE, minLength: 0 })).toBe('Doit contenir au moins 0 caractère');
    expect(fr.form.tooShort({ ...BASE, minLength: 1 })).toBe('Doit contenir au moins 1 caractère');
    expect(fr.form.tooShort({ ...BASE, minLength: 2 })).toBe('Doit contenir au moins 2 caractères');
    expect(fr.form.tooLong({ ...BASE, maxLength: 1_000_000 })).toBe('Doit contenir au plus 1\u202f000\u202f000 de caractères');
    expect(fr.request.decisionsLeft({ count: 0, locale: 'fr' })).toBe('Il reste 0 action à décider');
    expect(fr.form.tooManyChosen({ ...BASE, max: 3 })).toBe('Choisissez au plus 3 options');
  });

  it('Spanish: 1 singular, 0 plural', () => {
    expect(es.form.optionsMatching({ ...BASE, count: 1 })).toBe('1 opción');
    expect(es.form.optionsMatching({ ...BASE, count: 3 })).toBe('3 opciones');
    expect(es.form.errorSummary({ count: 1, labels: ['Correo'] })).toBe('Corrija 1 campo: Correo.');
    expect(es.request.decisionsLeft({ count: 1, locale: 'es' })).toBe('Queda 1 acción por decidir');
    expect(es.request.decisionsLeft({ count: 0, locale: 'es' })).toBe('Quedan 0 acciones por decidir');
  });

  it('Japanese: one form, counters after the number', () => {
    expect(ja.form.errorSummary({ count: 1, labels: ['メール'] })).toBe('1件の項目を修正してください: メール。');
    expect(ja.runList.pagePosition({ page: 2, pageCount: 5 })).toBe('5ページ中2ページ目');
    expect(ja.form.tooFewChosen({ ...BASE, min: 2 })).toBe('2件以上選択してください');
  });

  it('English keeps its wording, with grouped thousands', () => {
    expect(en.form.tooShort({ ...BASE, minLength: 1 })).toBe('Must be at least 1 character');
    expect(en.form.tooLong({ ...BASE, maxLength: 1000 })).toBe('Must be at most 1,000 characters');
  });
});

describe('a locale that lacks a message', () => {
  it('falls back to English for that message only', () => {
    const partial: Partial<RunStatusBadgeMessages> = Object.fromEntries(
      Object.entries(de.statusBadge).filter(([key]) => key !== 'completed'),
    );
    const merged = mergeMessages(en.statusBadge, partial);
    expect(merged.completed()).toBe('Completed');
    expect(merged.failed()).toBe('Fehlgeschlagen');
  });
});
