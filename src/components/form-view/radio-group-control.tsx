import type { HeadlessField } from '../../form';
import { FieldLabel } from './field-label';
import { useCutText } from './long-text';

/** Radio buttons in a `role="radiogroup"` named by the field's label. */
export function RadioGroupControl({ field }: { field: HeadlessField }) {
  const cut = useCutText();
  return (
    <fieldset className="hitl-group" {...field.getInputProps()}>
      <FieldLabel field={field} as="legend" />
      <div className="hitl-group-options">
        {field.options.map((option, index) => {
          const props = field.getOptionProps(index);
          return (
            <div className="hitl-option" key={index}>
              <input className="hitl-radio" {...props} />
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
