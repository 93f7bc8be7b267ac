import { Fragment } from 'react';
import { cutText, type HeadlessField } from '../../form';
import type { FieldEnvironment } from './field-environment-context';
import { fieldLabel } from './field-label';

/**
 * A fieldset of options named by the field's label: radio buttons in a `role="radiogroup"`
 * (`radio`), or checkboxes in a `role="group"` (`checkbox` with options, `select` with `multiple`).
 */
export function optionGroupControl(field: HeadlessField, environment: FieldEnvironment) {
  const max = environment.limits.maxTextLength;
  const inputClass = field.control === 'radio' ? 'hitl-radio' : 'hitl-checkbox';
  return (
    <fieldset className="hitl-group" {...field.getInputProps()}>
      {fieldLabel(field, environment, 'legend')}
      <div className="hitl-group-options">
        {/* Each option is an input and its label, two cells of the options' grid: no row element, and
            dir="auto" isolates the agent's text as <bdi> would. Two elements an option, as a page
            of native radios has. */}
        {field.options.map((option, index) => {
          const props = field.getOptionProps(index);
          return (
            <Fragment key={index}>
              <input className={inputClass} {...props} />
              <label className="hitl-option-label" htmlFor={props.id} dir="auto">
                {cutText(option.label, max)}
              </label>
            </Fragment>
          );
        })}
      </div>
    </fieldset>
  );
}
