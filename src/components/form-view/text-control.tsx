import type { HeadlessField } from '../../form';
import { FieldLabel } from './field-label';

/** Text-like, number and date-like fields as native `<input>`s, and `textarea`. */
export function TextControl({ field }: { field: HeadlessField }) {
  const props = field.getInputProps();
  return (
    <>
      <FieldLabel field={field} />
      {field.control === 'textarea' ? <textarea className="hitl-input" {...props} /> : <input className="hitl-input" {...props} />}
    </>
  );
}
