// The hand-written baseline (baseline-form.tsx) on a page of its own.
import { baselineForm } from './baseline-form';
import { installFormBench } from './form-harness';

installFormBench(baselineForm);
