import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv from 'ajv';
import fc from 'fast-check';
import { formInputTool } from '../../../src/schema';
import { GENERATED_VALIDATOR_PATHS, generateValidatorSource } from '../../../scripts/build-validator';
import { validate } from '../../../src/schema/form-input-validator.generated.js';

const root = resolve(import.meta.dirname, '../../..');

describe('the precompiled form_input validator', () => {
  it('is up to date with formInputSchema (run `npm run build:validator` when this fails)', () => {
    const fresh = generateValidatorSource();
    const committedJs = readFileSync(resolve(root, GENERATED_VALIDATOR_PATHS.js), 'utf8');
    const committedDts = readFileSync(resolve(root, GENERATED_VALIDATOR_PATHS.dts), 'utf8');
    expect(committedJs, 'src/schema/form-input-validator.generated.js is stale: run `npm run build:validator`').toBe(fresh.js);
    expect(committedDts, 'src/schema/form-input-validator.generated.d.ts is stale: run `npm run build:validator`').toBe(fresh.dts);
  });

  it('imports nothing, so it needs neither ajv nor a runtime at all', () => {
    const js = readFileSync(resolve(root, GENERATED_VALIDATOR_PATHS.js), 'utf8');
    expect(js).not.toMatch(/^\s*import\s/m);
    expect(js).not.toMatch(/\brequire\(/);
  });

  it('accepts valid parameters and reports every error of invalid ones', () => {
    expect(validate({ heading: 'Log in', fields: [{ type: 'text', label: 'User' }], submitButton: { label: 'Go' } })).toBe(true);
    expect(validate({ fields: [{ type: 'colour' }, { label: 3 }] })).toBe(false);
    expect(validate.errors?.map((error) => `${error.instancePath} ${error.keyword}`)).toEqual([
      '/fields/0/type enum',
      '/fields/1 required',
      '/fields/1/label type',
    ]);
  });

  it('gives the same verdicts as ajv compiling the schema the agent receives', () => {
    const reference = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(formInputTool().function.parameters ?? {});
    const fieldLike = fc.dictionary(
      fc.constantFrom('type', 'label', 'options', 'min', 'defaultValue', 'required'),
      fc.jsonValue({ maxDepth: 2 }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ fields: fc.array(fieldLike, { maxLength: 3 }) })), (value) => {
        expect(validate(value)).toBe(reference(value));
      }),
      { numRuns: 300 },
    );
  });
});
