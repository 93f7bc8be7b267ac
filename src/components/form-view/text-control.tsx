import type { HeadlessField } from '../../form';
import type { FieldEnvironment } from './field-environment-context';
import { fieldLabel } from './field-label';

/**
 * Text-like, number and date-like fields as native `<input>`s, and `textarea`. A function, not a
 * component: a keystroke renders its field, and each fiber less in it is a share of that render.
 */
export function textControl(field: HeadlessField, environment: FieldEnvironment) {
  const props = field.getInputProps();
  return (
    <>
      {fieldLabel(field, environment)}
      {field.control === 'textarea' ? <textarea className="hitl-input" {...props} /> : <input className="hitl-input" {...props} />}
    </>
  );
}
