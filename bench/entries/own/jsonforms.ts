// JSON Forms with its vanilla renderers, without React.
export { JsonForms } from '@jsonforms/react';
export { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
