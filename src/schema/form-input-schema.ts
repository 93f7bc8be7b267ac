/**
 * The JSON Schema of the `form_input` tool's parameters (spec §2.9).
 *
 * Single source of truth: `formInputTool()` hands it to the agent, and
 * `scripts/build-validator.ts` compiles it ahead of time into the validator `<ToolCallForm>`
 * uses, so the two can never disagree. Keep it free of `$ref` and `format`: some agents
 * only understand plain inline schemas, and the precompiled validator must not need
 * extra ajv plugins.
 */

/** The 17 field kinds the spec enumerates. */
export const FORM_FIELD_TYPES = [
  'text',
  'number',
  'email',
  'tel',
  'url',
  'password',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'textarea',
  'select',
  'checkbox',
  'radio',
  'switch',
  'range',
] as const;

/** One of the 17 field kinds of spec §2.9. */
export type FormFieldKind = (typeof FORM_FIELD_TYPES)[number];

/** The schema itself: the `parameters` of `formInputTool()`, as the agent receives them. */
export const formInputSchema = {
  type: 'object',
  description: 'A form shown to the person the agent works for.',
  properties: {
    heading: { type: 'string', description: 'Heading of the form.' },
    description: { type: 'string', description: 'Description of the form: say why the information is needed.' },
    fields: {
      type: 'array',
      description: 'Inputs to show, in order.',
      items: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string', enum: [...FORM_FIELD_TYPES], description: 'Input kind.' },
          label: { type: 'string', description: 'Label text; also the key of this field in the answer.' },
          placeholder: { type: 'string', description: 'Text shown when empty.' },
          defaultValue: { type: ['string', 'number', 'boolean'], description: 'Default value.' },
          readonly: { type: 'boolean', default: false },
          required: { type: 'boolean', default: false },
          disabled: { type: 'boolean', default: false },
          min: { type: 'number', description: 'Minimum for number/range/date inputs.' },
          max: { type: 'number', description: 'Maximum for number/range/date inputs.' },
          step: { type: 'number', description: 'Step for number/range inputs.' },
          minLength: { type: 'number', description: 'Minimum length for text inputs.' },
          maxLength: { type: 'number', description: 'Maximum length for text inputs.' },
          pattern: { type: 'string', description: 'Regular expression the whole value must match.' },
          options: {
            type: 'array',
            description: 'Options for select/radio/checkbox inputs.',
            items: {
              type: 'object',
              required: ['label', 'value'],
              properties: {
                label: { type: 'string' },
                value: { type: ['string', 'number'] },
              },
            },
          },
          multiple: { type: 'boolean', default: false, description: 'Multiple selection for select.' },
          rows: { type: 'number', description: 'Rows for textarea.' },
          cols: { type: 'number', description: 'Columns for textarea.' },
          autocomplete: { type: 'string', description: 'Autocomplete attribute value.' },
          className: { type: 'string', description: 'CSS class names.' },
        },
      },
    },
    submitButton: {
      type: 'object',
      properties: { label: { type: 'string', description: 'Label of the submit button.' } },
    },
  },
} as const;

/** An option of a select, radio or checkbox field. */
export interface FormFieldOption {
  label: string;
  /** Kept with its JSON type in the answer: a number stays a number. */
  value: string | number;
}

/** A field of a `form_input` call (spec §2.9). Only `type` is required. */
export interface FormField {
  /** Input kind; an unknown kind renders as text with a note. */
  type: FormFieldKind | (string & {});
  label?: string;
  placeholder?: string;
  defaultValue?: string | number | boolean;
  /** Default: false. */
  readonly?: boolean;
  /** Default: false. */
  required?: boolean;
  /** Default: false. */
  disabled?: boolean;
  min?: number;
  max?: number;
  step?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  options?: FormFieldOption[];
  /** Default: false. */
  multiple?: boolean;
  rows?: number;
  cols?: number;
  autocomplete?: string;
  className?: string;
  [property: string]: unknown;
}

/** Parameters of a `form_input` call (spec §2.9). */
export interface FormInputParameters {
  heading?: string;
  description?: string;
  fields?: FormField[];
  /** The button label; "Submit" when absent. */
  submitButton?: { label?: string };
  [property: string]: unknown;
}

/** The value of one answer entry, by field kind (see `<ToolCallForm>`). */
export type FormAnswerValue = string | number | boolean | null | Array<string | number>;

/** One entry of a form answer: the field's label and its value. */
export interface FormAnswerEntry {
  label: string;
  value: FormAnswerValue;
  [property: string]: unknown;
}

/** The answer to a form: one entry per field, in field order (spec §2.9). */
export type FormAnswer = FormAnswerEntry[];

/** Encodes a form answer into the string `submitToolInput` expects (spec §4.7). */
export function encodeFormAnswer(answer: FormAnswer): string {
  return JSON.stringify(answer);
}
