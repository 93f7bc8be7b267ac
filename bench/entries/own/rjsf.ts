// rjsf's form and ajv8 validator, without React.
export { default as Form } from '@rjsf/core';
export { default as validator } from '@rjsf/validator-ajv8';
