import { useEffect, useRef } from 'react';
import type { ControlProps } from './control-props';
import { FieldLabel } from './field-label';
import { focusGroup } from './focus-group';

/** Checkboxes in a `role="group"` named by the field's label: `checkbox` with options, and `select` with `multiple`. */
export function CheckboxGroupControl({ field, state, ids, shownLabel, disabled, invalidProps, setValue, onBlur, register }: ControlProps) {
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => register({ focus: () => focusGroup(ref.current) }), [register]);
  const chosen: readonly number[] = Array.isArray(state.value) ? state.value : [];
  const toggle = (index: number, on: boolean) => {
    const next = on ? [...chosen, index] : chosen.filter((i) => i !== index);
    setValue([...new Set(next)].sort((a, b) => a - b));
  };
  return (
    <fieldset
      ref={ref}
      className="hitl-group"
      aria-labelledby={ids.label}
      aria-invalid={invalidProps['aria-invalid']}
      aria-describedby={invalidProps['aria-describedby']}
      onBlur={onBlur}
    >
      <FieldLabel as="legend" id={ids.label} text={shownLabel} required={field.required} hint={field.hint} hintId={ids.hint} />
      {field.options.map((option, index) => {
        const id = `${ids.control}-o${index}`;
        return (
          <div className="hitl-option" key={index}>
            <input
              id={id}
              className="hitl-checkbox"
              type="checkbox"
              checked={chosen.includes(index)}
              disabled={disabled}
              aria-readonly={field.readonly || undefined}
              onChange={(event) => toggle(index, event.currentTarget.checked)}
            />
            <label className="hitl-option-label" htmlFor={id}>
              <bdi>{option.label}</bdi>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
