import '../radix-shims';
import { cleanup, fireEvent, render } from '@testing-library/react';
import fc from 'fast-check';
import { ToolCallForm } from '../../../src/components/tool-call-form';
import { FORM_FIELD_TYPES, formInputSchema, type FormAnswer } from '../../../src/schema';

type Schema = { [key: string]: unknown };

/** Values that satisfy a (plain, inline) JSON Schema: the arbitrary is built from formInputSchema itself. */
function arbitraryFromSchema(schema: Schema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return fc.string({ maxLength: 12 });
        case 'number':
          return fc.oneof(fc.integer({ min: -20, max: 120 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
        case 'boolean':
          return fc.boolean();
        case 'array':
          return fc.array(arbitraryFromSchema(schema.items as Schema), { maxLength: 5 });
        case 'object': {
          const properties = (schema.properties ?? {}) as Record<string, Schema>;
          const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryFromSchema(value)]));
          return fc.record(model, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
        }
        default:
          throw new Error(`No arbitrary for type ${type}`);
      }
    }),
  );
}

type Field = { type: string; label?: string; options?: Array<{ value: string | number }>; multiple?: boolean };

/** The answer value's shape for a field, written from the documented answer rules, not from the implementation. */
function valueFits(field: Field, value: unknown): boolean {
  const optionValues = (field.options ?? []).map((option) => option.value);
  const oneOption = (v: unknown) => optionValues.some((o) => o === v);
  const someOptions = (v: unknown) => Array.isArray(v) && v.every(oneOption);
  const kind = (FORM_FIELD_TYPES as readonly string[]).includes(field.type) ? field.type : 'text';
  switch (kind) {
    case 'number':
      return value === null || (typeof value === 'number' && Number.isFinite(value));
    case 'range':
      return typeof value === 'number' && Number.isFinite(value);
    case 'switch':
      return typeof value === 'boolean';
    case 'checkbox':
      return optionValues.length > 0 ? someOptions(value) : typeof value === 'boolean';
    case 'radio':
      return value === null || oneOption(value);
    case 'select':
      return field.multiple ? someOptions(value) : value === null || oneOption(value);
    default:
      return typeof value === 'string';
  }
}

/** Does something a person could do to each field, from the random choices. */
function interact(container: HTMLElement, choices: Array<{ text: string; pick: number }>) {
  container.querySelectorAll<HTMLElement>('.hitl-field').forEach((wrapper, index) => {
    const choice = choices[index % Math.max(choices.length, 1)];
    if (!choice) return;
    const inputs = Array.from(wrapper.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([aria-hidden]), textarea'));
    const toggles = inputs.filter((input) => input.type === 'checkbox' || input.type === 'radio');
    const switchButton = wrapper.querySelector<HTMLElement>('[role="switch"]');
    if (switchButton) fireEvent.click(switchButton);
    else if (toggles.length > 0) {
      const target = toggles[choice.pick % toggles.length];
      if (target) fireEvent.click(target);
    } else if (inputs[0])
      fireEvent.change(inputs[0], { target: { value: inputs[0].type === 'range' ? String(choice.pick) : choice.text } });
  });
}

describe('properties', () => {
  afterEach(cleanup);

  it('any JSON value as parameters renders and unmounts without throwing', () => {
    const fieldLike = fc.dictionary(
      fc.constantFrom(
        'type',
        'label',
        'options',
        'defaultValue',
        'min',
        'max',
        'step',
        'pattern',
        'multiple',
        'minLength',
        'required',
        'readonly',
      ),
      fc.oneof(fc.constantFrom(...FORM_FIELD_TYPES), fc.jsonValue({ maxDepth: 2 })),
    );
    const nearlyValid = fc.record(
      { heading: fc.jsonValue({ maxDepth: 1 }), fields: fc.oneof(fc.array(fieldLike, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), nearlyValid), (parameters) => {
        const { container, unmount } = render(<ToolCallForm parameters={parameters} />);
        // Either a form or the alert saying why there is none.
        expect(container.querySelector('form') ?? container.querySelector('[role="alert"]')).not.toBeNull();
        unmount();
      }),
      { numRuns: 150 },
    );
  });

  it('any valid parameters, with random input: a submitted answer has one entry per field, each of its kind’s type', () => {
    let submitted = 0;
    fc.assert(
      fc.property(
        arbitraryFromSchema(formInputSchema as unknown as Schema) as fc.Arbitrary<{ fields?: Field[] }>,
        fc.array(fc.record({ text: fc.string({ maxLength: 8 }), pick: fc.nat(20) }), { maxLength: 6 }),
        (parameters, choices) => {
          const onSubmit = vi.fn<(answer: FormAnswer, input: string) => void>();
          const { container, unmount } = render(<ToolCallForm parameters={parameters} onSubmit={onSubmit} />);
          interact(container, choices);
          fireEvent.submit(container.querySelector('form')!);
          const fields = parameters.fields ?? [];
          if (onSubmit.mock.calls.length === 1) {
            submitted += 1;
            const [answer, input] = onSubmit.mock.calls[0]!;
            expect(answer).toHaveLength(fields.length);
            answer.forEach((entry, index) => {
              const field = fields[index]!;
              expect(entry.label).toBe(field.label ?? '');
              expect(valueFits(field, entry.value), `${JSON.stringify(field)} → ${JSON.stringify(entry.value)}`).toBe(true);
            });
            expect(JSON.parse(input)).toEqual(answer);
          } else {
            // Refused: nothing sent, and the person is told why.
            expect(onSubmit).not.toHaveBeenCalled();
            expect(container.querySelector('[aria-invalid="true"]')).not.toBeNull();
            expect(container.querySelector('[role="alert"]')).not.toBeNull();
          }
          unmount();
        },
      ),
      { numRuns: 120 },
    );
    // The property must have been exercised on real answers, not only on refusals.
    expect(submitted).toBeGreaterThan(20);
  });
});
