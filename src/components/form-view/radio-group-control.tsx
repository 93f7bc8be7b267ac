import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ControlProps } from './control-props';
import { FieldLabel } from './field-label';
import { focusGroup } from './focus-group';

const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** Radio buttons in a `role="radiogroup"` named by the field's label. */
export function RadioGroupControl({ field, state, ids, shownLabel, disabled, invalidProps, setValue, onBlur, register }: ControlProps) {
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => register({ focus: () => focusGroup(ref.current) }), [register]);
  // Clicks are held by the controlled `checked` (setValue ignores a read-only field); arrow keys
  // are stopped too, so focus stays on the chosen radio instead of wandering off it.
  const onKeyDown = field.readonly
    ? (event: KeyboardEvent) => {
        if (ARROW_KEYS.includes(event.key)) event.preventDefault();
      }
    : undefined;
  return (
    <fieldset
      ref={ref}
      className="hitl-group"
      role="radiogroup"
      aria-labelledby={ids.label}
      aria-required={field.required || undefined}
      aria-readonly={field.readonly || undefined}
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
              className="hitl-radio"
              type="radio"
              // Our own id: the name only groups the radios for the browser's arrow-key handling.
              name={ids.control}
              checked={state.value === index}
              required={field.required}
              disabled={disabled}
              onChange={() => setValue(index)}
              onKeyDown={onKeyDown}
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
