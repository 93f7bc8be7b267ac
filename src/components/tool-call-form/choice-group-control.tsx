import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ControlProps } from './control-props';
import { FieldLabel } from './field-label';

const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** Focuses the checked input of a group, else its first enabled one (where Tab would land). */
function focusGroup(group: HTMLElement | null): void {
  const inputs = Array.from(group?.querySelectorAll<HTMLInputElement>('input') ?? []);
  (inputs.find((input) => input.checked && !input.disabled) ?? inputs.find((input) => !input.disabled))?.focus();
}

/** Radio buttons in a `role="radiogroup"` named by the field's label. */
export function RadioGroupControl({ field, snapshot, ids, shownLabel, disabled, invalidProps, setValue, onBlur, register }: ControlProps) {
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
              checked={snapshot.value === index}
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

/** Checkboxes in a `role="group"` named by the field's label: `checkbox` with options, and `select` with `multiple`. */
export function CheckboxGroupControl({
  field,
  snapshot,
  ids,
  shownLabel,
  disabled,
  invalidProps,
  setValue,
  onBlur,
  register,
}: ControlProps) {
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => register({ focus: () => focusGroup(ref.current) }), [register]);
  const chosen: readonly number[] = Array.isArray(snapshot.value) ? snapshot.value : [];
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
