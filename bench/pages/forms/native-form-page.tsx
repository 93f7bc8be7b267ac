// The form around the headless pages' fields: the same for both, so they differ only in `Field`.
import type { ComponentType, ReactElement } from 'react';
import { useToolCallForm, type HeadlessField } from '../../../src';
import { formInputParameters, type BenchField } from '../../fixtures/mixed-form';
import { installFormBench } from './form-harness';

/** A `useToolCallForm` form whose fields `Field` renders, as `installFormBench` takes it. */
export function nativeForm(Field: ComponentType<{ field: HeadlessField }>): (fields: BenchField[]) => () => ReactElement {
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
  return (fields) => {
    const parameters = formInputParameters(fields);
    return () => <NativeForm parameters={parameters} />;
  };
}

/** Installs the bench's page of a `useToolCallForm` form whose fields `Field` renders. */
export function installNativeFormBench(Field: ComponentType<{ field: HeadlessField }>): void {
  installFormBench(nativeForm(Field));
}
