// <ToolCallForm> (ours-form.tsx) on a page of its own.
import { installFormBench } from './form-harness';
import { oursForm } from './ours-form';

installFormBench(oursForm);
