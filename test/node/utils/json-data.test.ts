import { cloneJson, stringifyJson } from '../../../src/utils';

/** A value nested `depth` levels, alternating objects and arrays, built in a loop. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { level, inner: value } : [value, level];
  return value;
}

describe('cloneJson and stringifyJson', () => {
  it('copy and write ordinary data exactly as structuredClone and JSON.stringify do', () => {
    const value = { a: 1, b: [true, null, 'x', { c: -2.5 }], d: { e: {} }, f: [] };
    const copy = cloneJson(value);
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expect(copy.b[3]).not.toBe(value.b[3]);
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('handle data nested 50,000 levels deep, where the native ones overflow the stack', () => {
    const deep = nested(50_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const text = stringifyJson(deep);
    // The same text a recursion-free parser reads back into the same shape.
    expect(stringifyJson(JSON.parse(text))).toBe(text);
    expect(text.startsWith('[{"level":49998,"inner":[{"level":49996')).toBe(true);
    expect(stringifyJson(cloneJson(deep))).toBe(text);
  });

  it('leave out what JSON cannot carry, as JSON.stringify does, and keep "__proto__" a plain key', () => {
    const value = { keep: 1, gone: undefined, fn: () => 1, list: [undefined, () => 1] };
    const text = '{"keep":1,"list":[null,null]}';
    expect(JSON.stringify(cloneJson(value))).toBe(text);
    const hostile = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const copy = cloneJson(hostile);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });
});
