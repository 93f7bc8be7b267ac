// `useToolCallForm` with nothing but native elements, as a user who brings their own markup writes
// it: the hook's prop getters wire label, control, description and error. No stylesheet, like the
// hand-written baseline, so the two differ only in what the hook does per keystroke. Each field is
// a component that subscribes to its own field (`useHeadlessField`), not memoised, as the design
// system guide writes it: typing re-renders that field, and not the form's component.
import { useHeadlessField, useToolCallForm, type HeadlessField } from '../../../src';
import { formInputParameters } from '../../fixtures/mixed-form';
import { installFormBench } from './form-harness';

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

function NativeField({ field: given }: { field: HeadlessField }) {
  const field = useHeadlessField(given);
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

function HeadlessForm({ parameters }: { parameters: unknown }) {
  const form = useToolCallForm({ parameters, onSubmit: (_answer, input) => console.log(input) });
  return (
    <form {...form.getFormProps()}>
      {form.fields.map((field) => (
        <NativeField key={field.index} field={field} />
      ))}
      <button type="submit">{form.submitLabel}</button>
    </form>
  );
}

installFormBench((fields) => {
  const parameters = formInputParameters(fields);
  return () => <HeadlessForm parameters={parameters} />;
});
