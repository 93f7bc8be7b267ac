import { useContext, type ComponentType } from 'react';
import { applyClassNamePolicy, cutText, type HeadlessField } from '../../form';
import { useFieldOf } from '../../hooks';
import { cx } from '../../utils';
import { checkboxControl } from './checkbox-control';
import { FieldEnvironmentContext, type FieldEnvironment } from './field-environment-context';
import type { FieldSlotProps } from './field-slots';
import { FieldLabel } from './field-label';
import { OptionListbox, usesOptionListbox } from './option-listbox';
import { optionGroupControl } from './option-group-control';
import { rangeControl } from './range-control';
import { SelectControl } from './select-control';
import { switchControl } from './switch-control';
import { textControl } from './text-control';

/**
 * Field `index` of the form. It subscribes to that field alone, so typing in one field of 200
 * re-renders that field and nothing else.
 */
export function FormField({ index, environment }: { index: number; environment: FieldEnvironment }) {
  const field = useFieldOf(environment.control, index);
  return environment.renderField ? environment.renderField(field, { field }, DefaultField) : fieldElements(field, environment);
}

/**
 * The library's own field, as `renderField` gets it (`Default`): the wrapper with its states, the
 * control (yours from `components`, or ours), notes and error.
 */
export function DefaultField({ field }: FieldSlotProps) {
  const environment = useContext(FieldEnvironmentContext);
  if (environment === null) throw new Error('hitl-react: a field renders only inside its form.');
  return fieldElements(field, environment);
}

// A function, not a component: without `renderField`, the field's own component renders it, one fiber less per keystroke.
function fieldElements(field: HeadlessField, environment: FieldEnvironment) {
  const className = applyClassNamePolicy(field.field.className, environment.classNamePolicy);
  const invalid = field.error !== undefined;
  const Slot = environment.components?.[field.kind];
  return (
    <div
      className={cx('hitl-field', className)}
      data-field-type={field.kind}
      data-state={invalid ? 'invalid' : 'valid'}
      data-invalid={invalid ? '' : undefined}
      data-disabled={field.disabled ? '' : undefined}
      data-readonly={field.readOnly ? '' : undefined}
      data-required={field.required ? '' : undefined}
    >
      {Slot ? <SlotControl Slot={Slot} field={field} /> : control(field, environment)}
      {field.notes.map((note, index) => (
        <p className="hitl-field-note" key={index}>
          {cutText(note, environment.limits.maxTextLength)}
        </p>
      ))}
      {invalid ? (
        <p className="hitl-field-error" {...field.getErrorProps()}>
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A slot of yours, under the library's label. A group is labelled by reference (`aria-labelledby`
 * in its input props), so its label is plain text rather than a legend the slot would have to hold.
 */
function SlotControl({ Slot, field }: { Slot: ComponentType<FieldSlotProps>; field: HeadlessField }) {
  const grouped = field.control === 'radio' || field.control === 'checkbox-group';
  return (
    <>
      <FieldLabel field={field} as={grouped ? 'text' : 'label'} />
      <Slot field={field} />
    </>
  );
}

// Functions, not components, for the same reason as the label's: one fiber less per field.
function control(field: HeadlessField, environment: FieldEnvironment) {
  // A long list of options is searched rather than scanned, and only its rows in view are rendered.
  if (usesOptionListbox(field)) return <OptionListbox field={field} />;
  switch (field.control) {
    case 'input':
    case 'textarea':
      return textControl(field, environment);
    case 'range':
      return rangeControl(field, environment);
    case 'checkbox':
      return checkboxControl(field, environment);
    case 'switch':
      return switchControl(field, environment);
    case 'radio':
    case 'checkbox-group':
      return optionGroupControl(field, environment);
    case 'select':
      return <SelectControl field={field} />;
  }
}
