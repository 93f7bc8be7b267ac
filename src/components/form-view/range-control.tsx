import type { HeadlessField } from '../../form';
import type { FieldEnvironment } from './field-environment-context';
import { fieldLabel } from './field-label';

/** A native range input with its current value beside it. */
export function rangeControl(field: HeadlessField, environment: FieldEnvironment) {
  const props = field.getInputProps();
  return (
    <>
      {fieldLabel(field, environment)}
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
