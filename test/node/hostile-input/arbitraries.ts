/** What an agent steered by a web page could send: form_input parameters, tool schemas and run-status bodies. */
import fc from 'fast-check';
import { FORM_FIELD_TYPES } from '../../../src/schema';

/**
 * Nesting built in a loop: a recursive arbitrary would overflow before the code under test could.
 * Each level holds the next once, as parsed JSON does (shared references would be a DAG no response can carry).
 */
function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value, fields: [] };
  return value;
}

export const deep = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.anything({ maxDepth: 1 }), fc.boolean())
  .map(([depth, leaf, asArray]) => nested(depth, leaf, asArray));

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((length) => 'x'.repeat(length)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', '', '<img src=x onerror=alert(1)>', 'javascript:alert(1)'),
  },
);

/** Patterns that backtrack catastrophically in a backtracking engine, and some that do not compile. */
const pattern = fc.oneof(
  fc.constantFrom('^(a+)+$', '(a|aa)*b', '^(\\w+\\s?)*$', '(x+x+)+y', '(', '[z-a]', '(?<=a)b', '(a)\\1', '^.*$'),
  fc.string({ maxLength: 20 }),
);

const field = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...FORM_FIELD_TYPES), fc.string({ maxLength: 12 })),
    label: text,
    name: text,
    required: fc.anything({ maxDepth: 0 }),
    default: fc.oneof(fc.anything({ maxDepth: 2 }), text),
    placeholder: text,
    pattern,
    min: fc.oneof(fc.double(), fc.string({ maxLength: 12 })),
    max: fc.oneof(fc.double(), fc.string({ maxLength: 12 })),
    step: fc.oneof(fc.double(), fc.constant(Number.MIN_VALUE)),
    options: fc.oneof(
      {
        weight: 12,
        arbitrary: fc.array(fc.oneof(text, fc.record({ label: text, value: fc.anything({ maxDepth: 1 }) })), { maxLength: 30 }),
      },
      // Rare, as the cost of a case is mostly its size: around and past the 10,000-option limit.
      {
        weight: 1,
        arbitrary: fc.integer({ min: 9_000, max: 12_000 }).map((count) => Array.from({ length: count }, (_, index) => `option ${index}`)),
      },
      { weight: 3, arbitrary: fc.anything({ maxDepth: 1 }) },
    ),
    autocomplete: text,
  },
  { requiredKeys: [] },
);

export const parameters = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ title: text, description: text, fields: fc.array(field, { maxLength: 25 }) }, { requiredKeys: ['fields'] }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      fields: fc
        .integer({ min: 0, max: 6_000 })
        .map((count) => Array.from({ length: count }, (_, index) => ({ type: 'text', label: `Field ${index}` }))),
    }),
  },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 4 }) },
  { weight: 1, arbitrary: deep },
  // A JSON Schema for tools that are not form_input, as the schema form reads it.
  {
    weight: 2,
    arbitrary: fc.record(
      {
        type: fc.constantFrom('object', 'array', 'string'),
        properties: fc.dictionary(
          text,
          fc.record(
            { type: fc.string({ maxLength: 8 }), enum: fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 10 }) },
            { requiredKeys: [] },
          ),
          { maxKeys: 12 },
        ),
        required: fc.array(text, { maxLength: 4 }),
      },
      { requiredKeys: [] },
    ),
  },
);

export const statusBody = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        runId: text,
        status: fc.oneof(fc.constantFrom('queued', 'running', 'waiting_for_input', 'completed', 'failed', 'stopped'), text),
        toolCall: fc.oneof(
          fc.constant(null),
          fc.record(
            {
              toolCallId: fc.oneof(text, fc.constant(''), fc.anything({ maxDepth: 0 })),
              tool: fc.record({ name: fc.oneof(fc.constant('form_input'), text), parameters }, { requiredKeys: [] }),
            },
            { requiredKeys: [] },
          ),
          fc.anything({ maxDepth: 2 }),
        ),
        liveViewUrl: fc.oneof(text, fc.webUrl(), fc.constant('javascript:alert(1)')),
        error: fc.anything({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deep },
);
