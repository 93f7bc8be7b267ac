import type { HeadlessField } from '../../form';
import type { FieldEnvironment } from './field-environment-context';
import { fieldLabel } from './field-label';

/**
 * One boolean checkbox (a `checkbox` field without options). Read-only holds because the
 * checkbox is controlled and the change is ignored (a `preventDefault` on click would leave
 * React's controlled state out of step with the element).
 */
export function checkboxControl(field: HeadlessField, environment: FieldEnvironment) {
  return (
    <div className="hitl-toggle">
      <input className="hitl-checkbox" {...field.getInputProps()} />
      {fieldLabel(field, environment)}
    </div>
  );
}
