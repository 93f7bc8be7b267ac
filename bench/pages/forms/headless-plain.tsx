// `useToolCallForm` with native elements and a `Field` component per field, not memoised, that
// reads its field from `form.fields` without `useHeadlessField` (code written before that hook):
// the form's component re-renders with every field it renders. No stylesheet, like the hand-written
// baseline.
import { useToolCallForm, type HeadlessField } from '../../../src';
import { formInputParameters } from '../../fixtures/mixed-form';
import { installFormBench } from './form-harness';

function Field({ field }: { field: HeadlessField }) {
  const grouped = field.control === 'radio' || field.control === 'checkbox-group';
  return (
    <div>
      {grouped ? null : <label {...field.getLabelProps()}>{field.label}</label>}
      {field.control === 'textarea' ? (
        <textarea {...field.getInputProps()} />
      ) : field.control === 'select' ? (
        <select {...field.getInputProps()}>
          <option value="">{field.placeholder}</option>
          {field.options.map((option, index) => (
            <option key={index} {...field.getOptionProps(index)}>
              {option.label}
            </option>
          ))}
        </select>
      ) : grouped ? (
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
      ) : (
        <input {...field.getInputProps()} />
      )}
      {field.description ? <p {...field.getDescriptionProps()}>{field.description}</p> : null}
      {field.error ? <p {...field.getErrorProps()}>{field.error}</p> : null}
    </div>
  );
}

function PlainForm({ parameters }: { parameters: unknown }) {
  const form = useToolCallForm({ parameters, onSubmit: (_answer, input) => console.log(input) });
  return (
    <form {...form.getFormProps()}>
      {form.fields.map((field) => (
        <Field key={field.index} field={field} />
      ))}
      <button type="submit">{form.submitLabel}</button>
    </form>
  );
}

installFormBench((fields) => {
  const parameters = formInputParameters(fields);
  return () => <PlainForm parameters={parameters} />;
});
