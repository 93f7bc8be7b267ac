import { useContext, useMemo, useState, type ComponentType } from 'react';
import { applyClassNamePolicy, cutText, type FormControl, type HeadlessField } from '../../form';
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

/** Props of `FormField` and `RenderedFormField`. */
export interface FormFieldProps {
  index: number;
  environment: FieldEnvironment;
}

/**
 * Field `index` of the form as the library renders it. It subscribes to that field alone, so typing
 * in one field of 200 re-renders that field and nothing else.
 */
export function FormField({ index, environment }: FormFieldProps) {
  const [field, subscribe] = useSubscribedField(environment.control, index);
  return fieldElements(field, environment, subscribe);
}

/** A ref that subscribes `show` to field `index` while it holds an element. */
function fieldSubscriber(control: FormControl, index: number, show: (field: HeadlessField) => void): (element: HTMLElement | null) => void {
  let stop: (() => void) | undefined;
  // Called with null when the element goes (React 18, and 19 when a ref returns no cleanup).
  return (element) => {
    stop?.();
    stop = undefined;
    if (element === null) return;
    const update = () => show(control.readField(index));
    stop = control.subscribeField(index, update);
    // A change between the render and the subscription is not lost (an equal field renders nothing).
    update();
  };
}

/** Field `index` of a form given `renderField`, whose markup is the app's: subscribed by an effect (`useFieldOf`). */
export function RenderedFormField({ index, environment }: FormFieldProps) {
  const field = useFieldOf(environment.control, index);
  return environment.renderField ? environment.renderField(field, { field }, DefaultField) : fieldElements(field, environment);
}

/**
 * `useFieldOf`, subscribed by the ref of the field's wrapper instead of an effect. A ref is set
 * in the commit, where the control's own ref is set anyway; an effect per field made React walk
 * the whole form again after mounting it, to run 200 effects.
 */
function useSubscribedField(control: FormControl, index: number): [HeadlessField, (element: HTMLElement | null) => void] {
  // Read on every render: the form's messages or `disabled` may have changed with its parent.
  const field = control.readField(index);
  const [, setShown] = useState(field);
  const subscribe = useMemo(() => fieldSubscriber(control, index, setShown), [control, index]);
  return [field, subscribe];
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
function fieldElements(field: HeadlessField, environment: FieldEnvironment, ref?: (element: HTMLElement | null) => void) {
  const className = applyClassNamePolicy(field.field.className, environment.classNamePolicy);
  const invalid = field.error !== undefined;
  const Slot = environment.components?.[field.kind];
  return (
    <div
      ref={ref}
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
