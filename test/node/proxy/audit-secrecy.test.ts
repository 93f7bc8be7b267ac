/**
 * Nothing the audit trail shows gives an answer away. A 6-digit code is answered through the proxy
 * (teams by `identify`, an `onAudit`, a `logger`, on the memory store and on Redis, with and
 * without `auditDigestKey`), and then every code from 000000 to 999999 is tried against
 * everything the audit shows: `GET {basePath}/audit`, `onAudit`'s entries, the log lines (the
 * logger's and the console's), `proxy.auditLog()` and the trail's records in Redis, as unkeyed
 * SHA-256 digests and as HMACs under an empty key, in hex and in base64.
 */
import { createHash, createHmac, hash } from 'node:crypto';
import { createClient } from 'redis';
import { createTaskClient, isTaskApiError, type TaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createMemoryProxyStore, createTaskProxy, type ProxyAuditEntry, type ProxyStore, type TaskProxyOptions } from '../../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { createSimulatedService, type Scenario } from '../../../src/testing';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';

const KEY = 'sk_live_secrecy_51ab07';
const DIGEST_KEY = 'audit-digest-key-of-this-deployment-6f1c9e2a';
const APP = 'https://ops.example.com';
const BASE = '/api/hitl';
const CODE = '493817';
const TEAMMATES_CODE = '106254';

/** A `form_input` field, as the agent's parameters carry it. */
type Field = Record<string, string | boolean>;

const CODE_FIELD: Field = { type: 'text', label: 'Verification code', required: true, pattern: '^[0-9]{6}$' };
const input = (code: string) => JSON.stringify([{ label: 'Verification code', value: code }]);

/** The bank asks for its code, and the run ends once it has it. */
const codeScenario = (field: Field): Scenario => ({
  name: 'code',
  description: 'Asks for a 6-digit code.',
  keywords: [],
  steps: [{ type: 'tool_call', tool: 'form_input', parameters: { heading: 'Enter your code', fields: [{ ...field }] } }],
  result: { summary: 'Signed in.' },
});

const identify: TaskProxyOptions['identify'] = (request) => {
  const who = request.headers.get('x-auth-user');
  return who === null ? null : { user: who, team: who.split('@')[1] ?? '' };
};

let redis: RedisServer;
let prefixes = 0;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});

/** One thing the audit showed, by where it was seen. */
interface Exposure {
  where: string;
  text: string;
}

/** What a run of `answerCode` left to look at. */
interface Answered {
  exposures: Exposure[];
  heard: ProxyAuditEntry[];
  logged: ProxyAuditEntry[];
  served: unknown[];
  taskId: string;
  toolCallId: string;
}

/**
 * Ada answers the code, her teammate a late other code (409), and both read the trail: every
 * way the audit shows it is returned as text.
 */
async function answerCode(kind: 'memory' | 'redis', digestKey: string | undefined, field = CODE_FIELD): Promise<Answered> {
  const prefix = `secrecy${++prefixes}:`;
  let store: ProxyStore;
  let redisStore: RedisProxyStore | undefined;
  if (kind === 'memory') store = createMemoryProxyStore();
  // A new prefix is a Redis without its state: no reset grace, so that the first answer goes at once.
  else store = redisStore = createRedisProxyStore({ url: redis.url, prefix, resetGraceMs: 0 });
  const console_: string[] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void console_.push(args.map(String).join(' '))),
  );
  const lines: string[] = [];
  const heard: ProxyAuditEntry[] = [];
  // The same seed each time: the same task and call ids, so every run's digests are of one message.
  const service = createSimulatedService({ apiKey: KEY, seed: 29, scenario: codeScenario(field) });
  const proxy = createTaskProxy({
    upstream: 'https://tasks.example.com',
    apiKey: KEY,
    basePath: BASE,
    fetch: (request) => service.fetch(request),
    store,
    identify,
    onAudit: (entry) => void heard.push(entry),
    logger: { info: (line) => lines.push(line), warn: (line) => lines.push(line), error: (line) => lines.push(line) },
    ...(digestKey === undefined ? {} : { auditDigestKey: digestKey }),
  });
  const browser = (who: string): TaskClient =>
    createTaskClient({ baseUrl: `${APP}${BASE}`, headers: { 'x-auth-user': who }, fetch: (request) => proxy(request) });
  try {
    const ada = browser('ada@A');
    const { taskId } = await ada.createTask({ task: 'Sign in to the bank', tools: [formInputTool()] });
    const toolCallId = (await ada.getRunStatus(taskId)).toolCall?.toolCallId;
    if (toolCallId === undefined) throw new Error('the run asks for nothing');
    await ada.submitToolInput(taskId, { input: input(CODE), toolCallId }, { idempotencyKey: crypto.randomUUID() });
    const late = await browser('cyd@A')
      .submitToolInput(taskId, { input: input(TEAMMATES_CODE), toolCallId })
      .catch((error: unknown) => error);
    expect(isTaskApiError(late) && late.status).toBe(409);

    const exposures: Exposure[] = [];
    let served: unknown[] = [];
    for (const query of ['', `?taskId=${taskId}`, '?limit=1', `?taskId=${taskId}&limit=500`]) {
      const response = await proxy(new Request(`${APP}${BASE}/audit${query}`, { headers: { 'x-auth-user': 'ada@A' } }));
      expect(response.status).toBe(200);
      const text = await response.text();
      exposures.push({ where: `GET /audit${query}`, text });
      if (query === '') served = (JSON.parse(text) as { data: unknown[] }).data;
    }
    exposures.push({ where: 'client.getAuditPage()', text: JSON.stringify(await ada.getAuditPage?.()) });
    const logged = await proxy.auditLog({ team: 'A' });
    exposures.push({ where: 'proxy.auditLog()', text: JSON.stringify(logged) });
    exposures.push({ where: 'onAudit', text: JSON.stringify(heard) });
    exposures.push({ where: 'logger', text: lines.join('\n') });
    exposures.push({ where: 'console', text: console_.join('\n') });
    if (kind === 'redis') {
      // Everything the proxy keeps in Redis (the trail, the answer records), read as anyone with access to it would.
      const reader = createClient({ url: redis.url });
      await reader.connect();
      for (const key of await reader.keys(`${prefix}*`)) {
        const type = await reader.type(key);
        const text =
          type === 'zset'
            ? (await reader.zRange(key, 0, -1)).join('\n')
            : type === 'hash'
              ? JSON.stringify(await reader.hGetAll(key))
              : type === 'string'
                ? String(await reader.get(key))
                : '';
        exposures.push({ where: `redis ${key}`, text });
      }
      await reader.close();
    }
    return {
      exposures: exposures.map((exposure) => ({
        ...exposure,
        where: `${kind}, ${digestKey === undefined ? 'no key' : 'key'}: ${exposure.where}`,
      })),
      heard,
      logged,
      served,
      taskId,
      toolCallId,
    };
  } finally {
    for (const spy of spies) spy.mockRestore();
    await proxy.close();
    await redisStore?.close();
  }
}

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');
const digestNames = (entry: object) => Object.keys(entry).filter((name) => /input|sha|hmac|digest|hash/i.test(name));

/** Every exposure of every case, for the search of all codes at the end. */
const seen: Exposure[] = [];
/** The messages a digest of the answer would be made of, per case: the task and call ids may differ. */
const contexts = new Set<string>();

describe.each(['memory', 'redis'] as const)('the audit trail on the %s store', (kind) => {
  it('keeps no digest of an answer at all without auditDigestKey', async () => {
    const answered = await answerCode(kind, undefined);
    seen.push(...answered.exposures);
    contexts.add(JSON.stringify([answered.taskId, answered.toolCallId]));
    expect(answered.heard.map((entry) => [entry.action, entry.outcome])).toEqual([
      ['create_task', 'accepted'],
      ['answer', 'accepted'],
      ['answer', 'already_answered'],
    ]);
    for (const entry of [...answered.heard, ...answered.logged, ...(answered.served as object[])]) expect(digestNames(entry)).toEqual([]);
    for (const { where, text } of answered.exposures) {
      expect({ where, code: text.includes(CODE) || text.includes(TEAMMATES_CODE) }).toEqual({ where, code: false });
      // Nothing that could even hold a digest: no run of 43 or more base64 or hex characters. (The
      // gate's answer records hold an HMAC under the API key, which the search below tries too.)
      if (!/redis \S*answer/.test(where))
        expect({ where, tokens: text.match(/[A-Za-z0-9+/_=-]{43,}/g) ?? [] }).toEqual({ where, tokens: [] });
    }
  });

  it('keeps a keyed digest of each answer with auditDigestKey, in onAudit and auditLog only, never in GET /audit', async () => {
    const answered = await answerCode(kind, DIGEST_KEY);
    seen.push(...answered.exposures);
    contexts.add(JSON.stringify([answered.taskId, answered.toolCallId]));
    const { taskId, toolCallId } = answered;
    const expected = [CODE, TEAMMATES_CODE].map((code) => hmac(DIGEST_KEY, JSON.stringify([taskId, toolCallId, input(code)])));
    expect(answered.heard.filter((entry) => entry.action === 'answer').map((entry) => entry.inputHmac)).toEqual(expected);
    expect(answered.logged.filter((entry) => entry.action === 'answer').map((entry) => entry.inputHmac)).toEqual([...expected].reverse());
    for (const entry of answered.served as object[]) expect(digestNames(entry)).toEqual([]);
    for (const { where, text } of answered.exposures) {
      expect({ where, code: text.includes(CODE) || text.includes(TEAMMATES_CODE) }).toEqual({ where, code: false });
      // What a browser or a log gets holds nothing that could even be a digest.
      if (/GET \/audit|getAuditPage|logger|console/.test(where))
        expect({ where, tokens: text.match(/[A-Za-z0-9+/_=-]{43,}/g) ?? [] }).toEqual({ where, tokens: [] });
    }
  });

  it('keeps no digest even with auditDigestKey for an answer to a form with a secret field', async () => {
    for (const field of [
      { ...CODE_FIELD, autocomplete: 'one-time-code' },
      { ...CODE_FIELD, type: 'password' },
      { ...CODE_FIELD, autocomplete: 'section-pay cc-csc' },
    ]) {
      const answered = await answerCode(kind, DIGEST_KEY, field);
      seen.push(...answered.exposures);
      for (const entry of [...answered.heard, ...answered.logged]) expect(digestNames(entry)).toEqual([]);
    }
  });
});

/** Every 32-byte value written in `text` in hex, base64 or base64url, as hex. */
function digestTokens(text: string): Set<string> {
  const found = new Set<string>();
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_=-]{43,}/g)) {
    for (let start = 0; start + 43 <= run.length; start++) {
      for (const length of [43, 44, 64]) {
        const token = run.slice(start, start + length);
        if (token.length !== length) continue;
        if (length === 64 && /^[0-9a-fA-F]{64}$/.test(token)) found.add(token.toLowerCase());
        const bytes = Buffer.from(token.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
        if (length !== 64 && bytes.length === 32) found.add(bytes.toString('hex'));
      }
    }
  }
  return found;
}

/**
 * Every code tried as each digest an attacker without the key could compute, against `tokens`:
 * the codes whose digest is among them, and how.
 */
function tryEveryCode(tokens: ReadonlyMap<string, string>): string[] {
  const matches: string[] = [];
  // One-shot hashing: a few times quicker than createHash per code.
  const sha = (text: string) => hash('sha256', text);
  const check = (digest: string, code: string, how: string) => {
    const where = tokens.get(digest);
    if (where !== undefined) matches.push(`${code} as ${how} in ${where}`);
  };
  for (let number = 0; number < 1_000_000; number++) {
    const code = String(number).padStart(6, '0');
    const answer = input(code);
    check(sha(code), code, 'SHA-256 of the code');
    check(sha(answer), code, 'SHA-256 of the input');
    for (const context of contexts) {
      const message = `${context.slice(0, -1)},${JSON.stringify(answer)}]`;
      check(sha(message), code, 'SHA-256 of [taskId, toolCallId, input]');
    }
  }
  return matches;
}

describe('trying all 1,000,000 codes', () => {
  it('finds none of them in anything the audit showed, with or without the key', { timeout: 300_000 }, () => {
    // Each case above added what it saw.
    expect(new Set(seen.map((exposure) => exposure.where.split(':')[0])).size).toBe(4);
    expect(contexts.size).toBeGreaterThan(0);
    const tokens = new Map<string, string>();
    for (const { where, text } of seen)
      for (const token of digestTokens(text)) tokens.set(token, tokens.has(token) ? `${tokens.get(token)} | ${where}` : where);
    // The search finds what it looks for: a digest as the proxy used to keep it, in hex and in
    // base64, and one of the message the keyed digest signs.
    const [context] = contexts;
    const controls = new Map([
      [createHash('sha256').update(input('000417')).digest('hex'), 'control hex'],
      [Buffer.from(createHash('sha256').update(input('999001')).digest('base64'), 'base64').toString('hex'), 'control base64'],
      [
        createHash('sha256')
          .update(`${context!.slice(0, -1)},${JSON.stringify(input('500000'))}]`)
          .digest('hex'),
        'control message',
      ],
    ]);
    for (const token of digestTokens(Buffer.from(controls.keys().next().value!, 'hex').toString('base64')))
      expect(controls.has(token)).toBe(true);
    const matches = tryEveryCode(new Map([...tokens, ...controls]));
    expect(matches).toEqual([
      '000417 as SHA-256 of the input in control hex',
      '500000 as SHA-256 of [taskId, toolCallId, input] in control message',
      '999001 as SHA-256 of the input in control base64',
    ]);
  });
});
