// @rjsf/core with its ajv8 validator, rendering the same 12-field form as the ToolCallForm entry (bench/fixtures).
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';
import form from '../fixtures/small-form-schema.json';

const schema = form.schema as RJSFSchema;
const uiSchema = form.rjsfUiSchema as UiSchema;

createRoot(document.getElementById('root') as HTMLElement).render(
  <Form schema={schema} uiSchema={uiSchema} validator={validator} onSubmit={({ formData }) => console.log(JSON.stringify(formData))} />,
);
