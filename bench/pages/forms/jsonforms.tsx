// JSON Forms with the vanilla renderers given the equivalent JSON Schema (generated UI schema);
// its defaults otherwise (validates and shows errors as you type).
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { useState } from 'react';
import { jsonSchemaForm } from '../../fixtures/mixed-form';
import { installFormBench } from './form-harness';

function App({ schema }: { schema: ReturnType<typeof jsonSchemaForm>['schema'] }) {
  const [data, setData] = useState<unknown>({});
  return (
    <JsonForms schema={schema} data={data} renderers={vanillaRenderers} cells={vanillaCells} onChange={(state) => setData(state.data)} />
  );
}

installFormBench((fields) => {
  const { schema } = jsonSchemaForm(fields);
  return () => <App schema={schema} />;
});
