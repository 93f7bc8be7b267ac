// <ToolCallForm> given the form as `form_input` parameters; its own page (ours.tsx) and the side-by-side page render it.
import type { ReactElement } from 'react';
import { ToolCallForm } from '../../../src';
import { formInputParameters, type BenchField } from '../../fixtures/mixed-form';

/** The form of `fields`, as `installFormBench` takes it. */
export function oursForm(fields: BenchField[]): () => ReactElement {
  const parameters = formInputParameters(fields);
  return () => <ToolCallForm parameters={parameters} onSubmit={(_answer, input) => console.log(input)} />;
}
