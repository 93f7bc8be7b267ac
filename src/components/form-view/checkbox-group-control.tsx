import type { HeadlessField } from '../../form';
import { FieldLabel } from './field-label';
import { useCutText } from './long-text';

/** Checkboxes in a `role="group"` named by the field's label: `checkbox` with options, and `select` with `multiple`. */
export function CheckboxGroupControl({ field }: { field: HeadlessField }) {
  const cut = useCutText();
  return (
    <fieldset className="hitl-group" {...field.getInputProps()}>
      <FieldLabel field={field} as="legend" />
      <div className="hitl-group-options">
        {field.options.map((option, index) => {
          const props = field.getOptionProps(index);
          return (
            <div className="hitl-option" key={index}>
              <input className="hitl-checkbox" {...props} />
              <label className="hitl-option-label" htmlFor={props.id}>
                <bdi>{cut(option.label)}</bdi>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
