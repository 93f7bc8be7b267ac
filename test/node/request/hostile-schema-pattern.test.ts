/**
 * An agent's schema `pattern` runs on the proxy against a person's answer: `checkHumanAnswer` (and
 * so `POST {basePath}/requests/{id}/answer`) matches it in linear time, with a budget of work per
 * answer, so a catastrophic pattern cannot stall the proxy; the patterns still say what they say.
 */
import type { HumanRequest } from '../../../src/request';
import { checkHumanAnswer } from '../../../src/server/requests/check-human-answer';
import { answer, instance, useRequestsFixture } from '../proxy/requests-fixture';

/** Far more than these take (milliseconds), far less than a backtracking engine would (years). */
const FREEZE_MS = 3000;

const schemaForm = (id: string, properties: Record<string, unknown>): HumanRequest => ({
  id,
  source: 'mcp',
  kind: 'form',
  title: 'Enter the code',
  schema: { type: 'object', properties },
});
const accept = (id: string, content: Record<string, unknown>) => ({ requestId: id, action: 'accept', content });

function timed<T>(run: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = run();
  return { result, ms: performance.now() - started };
}

describe('the patterns of an answer’s schema', () => {
  it('checks ^(a+)+$ against a 10 KB answer in linear time, and still refuses what does not match', () => {
    const request = schemaForm('code', { code: { type: 'string', pattern: '^(a+)+$' } });
    const hostile = timed(() => checkHumanAnswer(request, accept('code', { code: `${'a'.repeat(10_000)}!` })));
    expect(hostile.result).toBe('The answer\'s "content" does not fit the request\'s schema at /code: must match pattern "^(a+)+$".');
    expect(hostile.ms).toBeLessThan(FREEZE_MS);
    expect(checkHumanAnswer(request, accept('code', { code: 'a'.repeat(10_000) }))).toBeUndefined();
  });

  it('searches, as JSON Schema means: an unanchored pattern matches anywhere in the value, with u-flag classes', () => {
    const request = schemaForm('search', { code: { type: 'string', pattern: '\\d{3}' }, name: { type: 'string', pattern: '^\\p{Lu}' } });
    expect(checkHumanAnswer(request, accept('search', { code: 'room 441b', name: 'Émile' }))).toBeUndefined();
    expect(checkHumanAnswer(request, accept('search', { code: 'room 44b' }))).toMatch(/at \/code: must match pattern "\\d\{3\}"/);
    expect(checkHumanAnswer(request, accept('search', { name: 'émile' }))).toMatch(/at \/name: must match pattern/);
  });

  it('does not check a pattern that has no linear-time matcher (as the page), nor one the engine refuses (the schema is not checked)', () => {
    const backreference = schemaForm('backref', { code: { type: 'string', pattern: '^(a+)\\1$' }, n: { type: 'integer' } });
    expect(checkHumanAnswer(backreference, accept('backref', { code: 'ab' }))).toBeUndefined();
    expect(checkHumanAnswer(backreference, accept('backref', { code: 'ab', n: 'x' }))).toMatch(/at \/n: must be integer/);
    const invalid = schemaForm('invalid', { code: { type: 'string', pattern: 'a)(b' } });
    expect(checkHumanAnswer(invalid, accept('invalid', { code: 'anything' }))).toBeUndefined();
  });

  it('bounds the work of all the patterns of one answer: a thousand strings against a pattern of thousands of live states', () => {
    // Every position keeps about 3000 states alive: 30 million visits per 10 KB string.
    const request = schemaForm('wide', {
      lines: { type: 'array', items: { type: 'string', pattern: '^(?:[\\s\\S]*a[\\s\\S]{3000})*$' } },
    });
    const lines = Array.from({ length: 1000 }, () => 'ab'.repeat(5000));
    const { ms } = timed(() => checkHumanAnswer(request, accept('wide', { lines })));
    expect(ms).toBeLessThan(FREEZE_MS);
  });

  describe('at the proxy', () => {
    useRequestsFixture();

    it('answers a 10 KB answer to ^(a+)+$ at once with 400, and takes one that matches', async () => {
      const a = await instance();
      const request = schemaForm('route', { code: { type: 'string', pattern: '^(a+)+$' } });
      const opened = a.proxy.requests.open(request, { team: 'blue' });
      const started = performance.now();
      const refused = await answer(a, 'ann@blue', 'route', accept('route', { code: `${'a'.repeat(10_000)}!` }));
      expect(performance.now() - started).toBeLessThan(FREEZE_MS);
      expect([refused.status, refused.body.error]).toEqual([
        400,
        'The answer\'s "content" does not fit the request\'s schema at /code: must match pattern "^(a+)+$".',
      ]);
      expect((await answer(a, 'ann@blue', 'route', accept('route', { code: 'aaaa' }))).status).toBe(200);
      expect(await opened).toEqual(accept('route', { code: 'aaaa' }));
    });
  });
});
