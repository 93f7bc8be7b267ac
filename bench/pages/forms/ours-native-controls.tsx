// Diagnosis only (`--diagnose`): <ToolCallForm> with the form's Radix controls swapped for native
// ones (each single select becomes a radio group, each switch a checkbox). Beside the real form,
// it tells what the Radix controls cost.
import { ToolCallForm } from '../../../src';
import { formInputParameters, type BenchField } from '../../fixtures/mixed-form';
import { installFormBench } from './form-harness';

const nativeKind = (field: BenchField): BenchField =>
  field.kind === 'select' ? { ...field, kind: 'radio' } : field.kind === 'switch' ? { ...field, kind: 'checkbox' } : field;

installFormBench((fields) => {
  const parameters = formInputParameters(fields.map(nativeKind));
  return () => <ToolCallForm parameters={parameters} onSubmit={(_answer, input) => console.log(input)} />;
});
