// The native markup of one `useToolCallForm` field, as a user who brings their own elements writes
// it: the hook's prop getters wire label, control, description and error. The typing bench's two
// headless pages and the headless tests render it; each wraps it in its own field component, with or
// without `useHeadlessField`, which is what they compare.
import type { ReactNode } from 'react';
import { useHeadlessField, type HeadlessField } from '../../../src';

function NativeControl({ field }: { field: HeadlessField }) {
  switch (field.control) {
    case 'textarea':
      return <textarea {...field.getInputProps()} />;
    case 'select':
      return (
        <select {...field.getInputProps()}>
          <option value="">{field.placeholder}</option>
          {field.options.map((option, index) => (
            <option key={index} {...field.getOptionProps(index)}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case 'radio':
    case 'checkbox-group':
      return (
        <fieldset {...field.getInputProps()}>
          <legend>
            <span {...field.getLabelProps()}>{field.label}</span>
          </legend>
          {field.options.map((option, index) => {
            const props = field.getOptionProps(index);
            return (
              <span key={index}>
                <input {...props} />
                <label htmlFor={props.id}>{option.label}</label>
              </span>
            );
          })}
        </fieldset>
      );
    default:
      return <input {...field.getInputProps()} />;
  }
}

/**
 * One field: its label (a group carries its own, in its legend), control, description and error.
 * A plain function, not a component, so the field component that calls it is the only one a
 * keystroke renders besides the control.
 */
export function nativeField(field: HeadlessField): ReactNode {
  const grouped = field.control === 'radio' || field.control === 'checkbox-group';
  return (
    <div>
      {grouped ? null : <label {...field.getLabelProps()}>{field.label}</label>}
      <NativeControl field={field} />
      {field.description ? <p {...field.getDescriptionProps()}>{field.description}</p> : null}
      {field.error ? <p {...field.getErrorProps()}>{field.error}</p> : null}
    </div>
  );
}

/** A field component subscribed to its own field (`useHeadlessField`), not memoised, as the design system guide writes it. */
export function SubscribedField({ field }: { field: HeadlessField }) {
  return nativeField(useHeadlessField(field));
}
