/**
 * A form a user writes with `useToolCallForm` and nothing but native elements: the prop getters
 * wire each one (the markup of the typing bench's headless pages). Shared by the headless tests.
 */
import type { ComponentType } from 'react';
import { useToolCallForm, type HeadlessField, type UseToolCallFormOptions } from '../../../src';
import { nativeField } from '../../../bench/pages/forms/native-field';

/** One field, not memoised: it renders with the form, reading its field from `form.fields`. */
function NativeField({ field }: { field: HeadlessField }) {
  return nativeField(field);
}

export interface NativeFormProps extends UseToolCallFormOptions {
  /** The component of each field. Default: a native field reading its field from `form.fields`. */
  Field?: ComponentType<{ field: HeadlessField }>;
  /** Called as the form's own component renders (the render-count tests count it). */
  onRender?: () => void;
}

/** The whole form, as plain as a user could write it. */
export function NativeForm({ Field = NativeField, onRender, ...props }: NativeFormProps) {
  const form = useToolCallForm(props);
  onRender?.();
  if (form.fatal) return <p role="alert">{form.problems.map((problem) => problem.message).join(' ')}</p>;
  return (
    <form {...form.getFormProps()} data-status={form.status}>
      {form.heading ? <h2 id={form.headingId}>{form.heading}</h2> : null}
      {form.errorSummary ? (
        <p role="alert" key={form.refusals}>
          {form.errorSummary}
        </p>
      ) : null}
      {form.fields.map((field) => (
        <Field key={field.index} field={field} />
      ))}
      <button type="submit">{form.submitLabel}</button>
      <button type="button" onClick={form.reset}>
        Start over
      </button>
    </form>
  );
}
