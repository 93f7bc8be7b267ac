/**
 * A form a user writes with `useToolCallForm` and nothing but native elements: the prop getters
 * wire each one. Shared by the headless tests.
 */
import { useToolCallForm, type HeadlessField, type UseToolCallFormOptions } from '../../../src';

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

/** One field: its label (a group carries its own, in its legend), control, description and error. */
function NativeField({ field }: { field: HeadlessField }) {
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

/** The whole form, as plain as a user could write it. */
export function NativeForm(props: UseToolCallFormOptions) {
  const form = useToolCallForm(props);
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
        <NativeField key={field.index} field={field} />
      ))}
      <button type="submit">{form.submitLabel}</button>
      <button type="button" onClick={form.reset}>
        Start over
      </button>
    </form>
  );
}
