// The form around the headless pages' fields: the same for both, so they differ only in `Field`.
import type { ComponentType } from 'react';
import { useToolCallForm, type HeadlessField } from '../../../src';
import { formInputParameters } from '../../fixtures/mixed-form';
import { installFormBench } from './form-harness';

/** Installs the bench's page of a `useToolCallForm` form whose fields `Field` renders. */
export function installNativeFormBench(Field: ComponentType<{ field: HeadlessField }>): void {
  function NativeForm({ parameters }: { parameters: unknown }) {
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
    return () => <NativeForm parameters={parameters} />;
  });
}
