/**
 * Validating `form_input` parameters of 50 fields (Node, V8): the precompiled validator
 * `<ToolCallForm>` ships, beside ajv compiling the same schema with the same options at run time.
 *
 * - ajv compile + validate: a new `Ajv` instance compiles the schema and validates once, as a
 *   form that compiles on first use would; one sample per instance, `COLD_SAMPLES` of them (the
 *   very first, with V8 cold, is reported apart).
 * - validate only, precompiled and ajv-compiled: batches of `BATCH` calls, per-call time of each
 *   batch, `BATCHES` batches after a warm-up batch.
 * Medians.
 */
import Ajv from 'ajv';
import { formInputSchema } from '../../src/schema/form-input-schema';
import { validate as precompiled } from '../../src/schema/form-input-validator.generated.js';
import { benchFields, formInputParameters } from '../fixtures/mixed-form';
import { median, ratio, round } from '../lib/stats';

const FIELD_COUNT = 50;
const COLD_SAMPLES = 40;
const BATCH = 2000;
const BATCHES = 15;

export interface ValidationResult {
  fieldCount: number;
  /** Precompiled `validate(parameters)`, µs per call. */
  precompiledUs: number;
  /** ajv: new instance, compile, validate once, µs (median over `coldSamples`). */
  ajvCompileAndValidateUs: number;
  /** The first of those, in a process that had not run ajv before, µs. */
  ajvFirstCompileAndValidateUs: number;
  /** A function ajv compiled earlier, `validate(parameters)`, µs per call. */
  ajvValidateOnlyUs: number;
  /** ajv compile + validate ÷ precompiled validate. */
  compileRatio: number;
  /** ajv validate only ÷ precompiled validate (about 1: the same generated code). */
  validateOnlyRatio: number;
  coldSamples: number;
  batch: number;
}

/** The options scripts/build-validator.ts compiles with, so both validators check the same things. */
function newAjv(): Ajv {
  return new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
}

function perCallUs(run: () => void): number {
  const samples: number[] = [];
  for (let batch = 0; batch <= BATCHES; batch++) {
    const start = performance.now();
    for (let index = 0; index < BATCH; index++) run();
    const elapsed = ((performance.now() - start) * 1000) / BATCH;
    if (batch > 0) samples.push(elapsed);
  }
  return median(samples);
}

export function runValidation(): ValidationResult {
  const parameters = formInputParameters(benchFields(FIELD_COUNT));
  const schema = () => structuredClone(formInputSchema) as object;

  const cold: number[] = [];
  for (let sample = 0; sample < COLD_SAMPLES; sample++) {
    const input = schema();
    const start = performance.now();
    const validate = newAjv().compile(input);
    if (!validate(parameters)) throw new Error('ajv rejected the benchmark parameters');
    cold.push((performance.now() - start) * 1000);
  }

  if (!precompiled(parameters)) throw new Error('the precompiled validator rejected the benchmark parameters');
  const compiled = newAjv().compile(schema());
  const precompiledUs = perCallUs(() => precompiled(parameters));
  const ajvValidateOnlyUs = perCallUs(() => compiled(parameters));
  const ajvCompileAndValidateUs = median(cold.slice(1));

  return {
    fieldCount: FIELD_COUNT,
    precompiledUs: round(precompiledUs),
    ajvCompileAndValidateUs: round(ajvCompileAndValidateUs, 1),
    ajvFirstCompileAndValidateUs: round(cold[0] ?? Number.NaN, 1),
    ajvValidateOnlyUs: round(ajvValidateOnlyUs),
    compileRatio: round(ratio(ajvCompileAndValidateUs, precompiledUs), 1),
    validateOnlyRatio: round(ratio(ajvValidateOnlyUs, precompiledUs)),
    coldSamples: COLD_SAMPLES - 1,
    batch: BATCH,
  };
}
