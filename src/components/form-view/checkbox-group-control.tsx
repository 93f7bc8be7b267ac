import { cutText, type HeadlessField } from '../../form';
import type { FieldEnvironment } from './field-environment-context';
import { fieldLabel } from './field-label';

/** Checkboxes in a `role="group"` named by the field's label: `checkbox` with options, and `select` with `multiple`. */
export function checkboxGroupControl(field: HeadlessField, environment: FieldEnvironment) {
  const max = environment.limits.maxTextLength;
  return (
    <fieldset className="hitl-group" {...field.getInputProps()}>
      {fieldLabel(field, environment, 'legend')}
      <div className="hitl-group-options">
        {field.options.map((option, index) => {
          const props = field.getOptionProps(index);
          return (
            <div className="hitl-option" key={index}>
              <input className="hitl-checkbox" {...props} />
              <label className="hitl-option-label" htmlFor={props.id}>
                <bdi>{cutText(option.label, max)}</bdi>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
