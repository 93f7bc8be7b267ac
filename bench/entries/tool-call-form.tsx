// <ToolCallForm> alone, as an app shows an agent's form (12 mixed fields, bench/fixtures) and posts the answer.
import { createRoot } from 'react-dom/client';
import { ToolCallForm } from '../../src';
import parameters from '../fixtures/small-form-input.json';

createRoot(document.getElementById('root') as HTMLElement).render(
  <ToolCallForm parameters={parameters} onSubmit={(_answer, input) => console.log(input)} />,
);
