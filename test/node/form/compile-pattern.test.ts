import {
  buildFormModel,
  buildSchemaForm,
  compilePattern,
  tryCompilePattern,
  validateField,
  type FieldModel,
  type FlatObjectSchema,
} from '../../../src/form';
import { LinearPattern } from '../../../src/utils';

function fieldOf(field: Record<string, unknown>): FieldModel {
  const built = buildFormModel({ fields: [field] }).fields[0];
  if (!built) throw new Error('no field');
  return built;
}

const HOSTILE = '^(a+)+$';

describe('tryCompilePattern', () => {
  it('takes the first flag set the native engine accepts: v, then u, then none', () => {
    expect(tryCompilePattern('[\\p{L}--[a-z]]+')).toMatchObject({ flags: 'v' });
    expect(tryCompilePattern('[(]x')).toMatchObject({ flags: 'u' });
    expect(tryCompilePattern('\\a+')).toMatchObject({ flags: '' });
  });

  it('says invalid when no flag set compiles the pattern on its own', () => {
    expect(tryCompilePattern('(')).toEqual({ refused: 'invalid' });
    // Inside the anchoring group it would compile.
    expect(tryCompilePattern('a)(b')).toEqual({ refused: 'invalid' });
    expect(compilePattern('a)(b')).toBeUndefined();
  });

  it('says unsupported, with the reason, for what compiles natively but is not matched in linear time', () => {
    expect(tryCompilePattern('(a)\\1')).toEqual({ refused: 'unsupported', reason: 'backreference' });
    expect(tryCompilePattern('(?=a)a')).toEqual({ refused: 'unsupported', reason: 'lookaround' });
    expect(tryCompilePattern('a{20000}')).toEqual({ refused: 'unsupported', reason: 'too-large' });
    expect(compilePattern('(a)\\1')).toBeUndefined();
  });

  it('gives a LinearPattern, which is a RegExp of the anchored source', () => {
    const pattern = compilePattern(HOSTILE);
    expect(pattern).toBeInstanceOf(LinearPattern);
    expect(pattern).toBeInstanceOf(RegExp);
    expect(pattern?.source).toBe(`^(?:${HOSTILE})$`);
  });
});

describe('the pattern in the form model and in validation', () => {
  it('keeps the agent’s source for messages and refuses the hostile value quickly', () => {
    const field = fieldOf({ type: 'text', label: 'T', pattern: HOSTILE });
    expect(field.pattern?.source).toBe(HOSTILE);
    expect(field.pattern?.regexp).toBeInstanceOf(LinearPattern);
    expect(validateField(field, `${'a'.repeat(40)}!`, false)).toEqual({ code: 'patternMismatch', pattern: HOSTILE });
    expect(validateField(field, `${'a'.repeat(10_000)}!`, false)).toEqual({ code: 'patternMismatch', pattern: HOSTILE });
    expect(validateField(field, 'a'.repeat(40), false)).toBeNull();
  });

  it('an unsupported pattern is noted as one that cannot be checked, and any text is accepted', () => {
    const model = buildFormModel({ fields: [{ type: 'text', label: 'Code', pattern: '(a)\\1' }] });
    const field = model.fields[0] as FieldModel;
    expect(field.pattern).toBeUndefined();
    expect(field.notes).toEqual([{ code: 'invalid-pattern', pattern: '(a)\\1' }]);
    expect(model.problems.map(({ code, severity, path }) => ({ code, severity, path }))).toEqual([
      { code: 'invalid-pattern', severity: 'warning', path: '/fields/0/pattern' },
    ]);
    expect(model.problems[0]?.message).toContain('"pattern" cannot be checked in linear time (it refers back to a group); it is ignored.');
    expect(validateField(field, 'anything', false)).toBeNull();
  });

  it('an invalid pattern keeps its message', () => {
    const model = buildFormModel({ fields: [{ type: 'text', label: 'Code', pattern: '([a-z' }] });
    expect(model.problems[0]?.message).toContain('"pattern" is not a valid regular expression; it is ignored.');
  });

  it('a model built with a native RegExp is still checked by the linear matcher, never by the native engine', () => {
    const field: FieldModel = {
      ...fieldOf({ type: 'text', label: 'T' }),
      pattern: { source: HOSTILE, regexp: new RegExp(`^(?:${HOSTILE})$`, 'v') },
    };
    expect(validateField(field, `${'a'.repeat(40)}!`, false)).toEqual({ code: 'patternMismatch', pattern: HOSTILE });
    expect(validateField(field, 'aaa', false)).toBeNull();
  });

  it('a JSON Schema pattern searches the value, through the linear matcher too', () => {
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: HOSTILE.slice(1, -1) } } } as FlatObjectSchema;
    const field = buildSchemaForm(schema, {}).model.fields[0] as FieldModel;
    expect(field.pattern?.regexp).toBeInstanceOf(LinearPattern);
    expect(validateField(field, `${'a'.repeat(40)}!`, false)).toBeNull();
    expect(validateField(field, '!!!', false)?.code).toBe('patternMismatch');
  });
});
