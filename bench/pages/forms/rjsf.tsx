// rjsf (core theme, ajv8 validator) given the equivalent JSON Schema and uiSchema; its defaults
// otherwise (no live validation).
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { jsonSchemaForm } from '../../fixtures/mixed-form';
import { installFormBench } from './form-harness';

installFormBench((fields) => {
  const { schema, rjsfUiSchema } = jsonSchemaForm(fields);
  // Widened to rjsf's schema type, which its other props are typed against.
  const rjsfSchema: RJSFSchema = schema;
  return () => (
    <Form
      schema={rjsfSchema}
      uiSchema={rjsfUiSchema as UiSchema}
      validator={validator}
      onSubmit={({ formData }) => console.log(formData)}
    />
  );
});
