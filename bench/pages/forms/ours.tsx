// <ToolCallForm> given the form as `form_input` parameters.
import { ToolCallForm } from '../../../src';
import { formInputParameters } from '../../fixtures/mixed-form';
import { installFormBench } from './form-harness';

installFormBench((fields) => {
  const parameters = formInputParameters(fields);
  return () => <ToolCallForm parameters={parameters} onSubmit={(_answer, input) => console.log(input)} />;
});
