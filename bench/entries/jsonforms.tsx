// @jsonforms/react with the vanilla renderers, rendering the same 12-field form (bench/fixtures).
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { createRoot } from 'react-dom/client';
import form from '../fixtures/small-form-schema.json';

const { schema } = form;

createRoot(document.getElementById('root') as HTMLElement).render(
  <JsonForms
    schema={schema}
    data={{}}
    renderers={vanillaRenderers}
    cells={vanillaCells}
    onChange={({ data }) => console.log(JSON.stringify(data))}
  />,
);
