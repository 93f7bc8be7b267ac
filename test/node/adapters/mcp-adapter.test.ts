/**
 * `fromElicitation` and `toElicitResult` on their own: ids, untrusted params, cut messages, and
 * answers MCP cannot carry. The round trip through the SDK is in mcp-elicitation.test.ts.
 */
import { ElicitRequestParamsSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { fromElicitation, toElicitResult, type McpElicitationParams } from '../../../src/adapters/mcp';
import type { HumanAnswer } from '../../../src/request';

const form = {
  message: 'Your GitHub username?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
} satisfies McpElicitationParams;

describe('fromElicitation', () => {
  it('reads form mode, with or without mode: "form"', () => {
    for (const params of [form, { ...form, mode: 'form' as const }]) {
      expect(fromElicitation(params)).toEqual({
        id: expect.stringMatching(/^mcp-[0-9a-z]+$/) as unknown,
        kind: 'form',
        source: 'mcp',
        message: 'Your GitHub username?',
        schema: form.requestedSchema,
        allows: { decline: true, cancel: true },
      });
    }
  });

  it('takes the SDK’s own parsed params as they are', () => {
    const params = ElicitRequestParamsSchema.parse({ ...form, _meta: { progressToken: 7 } });
    expect(fromElicitation(params)).toMatchObject({ kind: 'form', schema: form.requestedSchema });
  });

  it('gives one elicitation one id, and two elicitations asking the same thing two ids', () => {
    const params = structuredClone(form);
    const id = fromElicitation(params).id;
    expect(fromElicitation(params).id).toBe(id);
    // Another connection's request with the same params: never the same id by chance.
    expect(fromElicitation(structuredClone(form)).id).not.toBe(id);
    expect(fromElicitation(structuredClone(form)).id).toMatch(/^mcp-[0-9a-z]{20,}$/);
  });

  it('joins a caller’s id to a hash of the params, so a draft comes back only for the same question', () => {
    const first = fromElicitation(form, { id: 1 }).id;
    expect(fromElicitation(structuredClone(form), { id: 1 }).id).toBe(first);
    expect(fromElicitation({ ...form, message: 'Another question' }, { id: 1 }).id).not.toBe(first);
    expect(fromElicitation(form, { id: 'req-2' }).id).toMatch(/^req-2:mcp-[0-9a-z]+$/);
  });

  it('passes the caller’s deadline and title on', () => {
    expect(fromElicitation(form, { deadline: '2030-01-01T00:00:00Z', title: 'Input for bookings' })).toMatchObject({
      deadline: '2030-01-01T00:00:00Z',
      title: 'Input for bookings',
    });
  });

  it('reads URL mode under the elicitationId, else an id of its own', () => {
    const url = { mode: 'url', message: 'Sign in', url: 'https://auth.example.com/x', elicitationId: 'el-1' } as const;
    expect(fromElicitation(url, { id: 9 })).toMatchObject({
      id: 'el-1',
      kind: 'link',
      url: 'https://auth.example.com/x',
      message: 'Sign in',
    });
    expect(fromElicitation({ ...url, elicitationId: '' }).id).toMatch(/^mcp-/);
  });

  it('keeps any URL for the prompt to judge: a javascript: link is refused there, as text', () => {
    const url = { mode: 'url', message: 'Open', url: 'javascript:alert(1)', elicitationId: 'e' } as const;
    expect(fromElicitation(url)).toMatchObject({ kind: 'link', url: 'javascript:alert(1)' });
  });

  it('cuts a message over 10,000 characters, never inside a surrogate pair', () => {
    const long = fromElicitation({ ...form, message: 'x'.repeat(2_000_000) });
    expect(long.message).toBe(`${'x'.repeat(10_000)}…`);
    const emoji = fromElicitation({ ...form, message: `${'x'.repeat(9_999)}😀😀` });
    expect(emoji.message).toBe(`${'x'.repeat(9_999)}…`);
    expect(fromElicitation({ ...form, message: 'x'.repeat(10_000) }).message).toHaveLength(10_000);
  });

  it.each([
    [null, /params must be the object/],
    ['elicit', /params must be the object/],
    [[form], /params must be the object/],
    [{ message: 'no schema' }, /form-mode request needs requestedSchema/],
    [{ ...form, requestedSchema: 'object' }, /form-mode request needs requestedSchema/],
    [{ ...form, mode: 'sampling' }, /mode must be "form" \(or absent\) or "url"/],
    [{ ...form, mode: 7 }, /mode must be "form" \(or absent\) or "url"/],
    [{ mode: 'url', message: 'm', elicitationId: 'e' }, /URL-mode request needs url/],
  ])('says what is missing from %j', (params, message) => {
    expect(() => fromElicitation(params as never)).toThrow(TypeError);
    expect(() => fromElicitation(params as never)).toThrow(message);
  });

  it('turns a getter or a proxy that throws into a TypeError', () => {
    const getter = Object.defineProperty({ ...form }, 'message', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(() => fromElicitation(getter)).toThrow(new TypeError('fromElicitation: the params could not be read'));
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(() => fromElicitation(proxy as never)).toThrow('fromElicitation: the params could not be read');
  });

  it('ends on a schema with a cycle', () => {
    const properties: Record<string, unknown> = {};
    properties.self = properties;
    expect(fromElicitation({ message: 'm', requestedSchema: { type: 'object', properties } } as never)).toMatchObject({ kind: 'form' });
  });

  it('returns a request or throws a TypeError for any value at all', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            mode: fc.constantFrom(undefined, 'form', 'url'),
            message: fc.anything(),
            requestedSchema: fc.anything(),
            url: fc.anything(),
            elicitationId: fc.anything(),
          }),
        ),
        (params) => {
          try {
            const request = fromElicitation(params as never);
            expect(['form', 'link']).toContain(request.kind);
            expect(typeof request.id).toBe('string');
            expect(request.message === undefined || typeof request.message === 'string').toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(TypeError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('toElicitResult', () => {
  const requestId = 'r';

  it.each<[string, HumanAnswer, unknown]>([
    [
      'an accepted form',
      { requestId, action: 'accept', content: { age: 36, tags: ['a'], ok: true } },
      { action: 'accept', content: { age: 36, tags: ['a'], ok: true } },
    ],
    ['a visited page', { requestId, action: 'accept' }, { action: 'accept' }],
    ['a decline', { requestId, action: 'decline' }, { action: 'decline' }],
    ['a cancel', { requestId, action: 'cancel' }, { action: 'cancel' }],
    ['an expiry', { requestId, action: 'cancel', expired: true }, { action: 'cancel' }],
  ])('answers %s as MCP’s result, which the SDK’s schema takes', (_, answer, expected) => {
    const result = toElicitResult(answer);
    expect(result).toStrictEqual(expected);
    expect(ElicitResultSchema.parse(result)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['no answer', undefined],
    ['an unknown action', { requestId, action: 'approve' }],
    ['a form_input answer', { requestId, action: 'accept', answer: [] }],
    ['decisions', { requestId, action: 'accept', decisions: [{ type: 'approve' }] }],
    ['content that is not an object', { requestId, action: 'accept', content: 'yes' }],
  ])('refuses %s with a TypeError', (_, answer) => {
    expect(() => toElicitResult(answer as HumanAnswer)).toThrow(TypeError);
  });
});
