import type { HeadlessField } from '../../form';
import { FieldLabel } from './field-label';

/** A native range input with its current value beside it. */
export function RangeControl({ field }: { field: HeadlessField }) {
  const props = field.getInputProps();
  return (
    <>
      <FieldLabel field={field} />
      <div className="hitl-range">
        <input className="hitl-input hitl-range-input" {...props} />
        {/* The slider announces its own value; the output is for the eye only, so it is not read twice. */}
        <output className="hitl-range-value" htmlFor={props.id} aria-hidden="true">
          {props.value}
        </output>
      </div>
    </>
  );
}
