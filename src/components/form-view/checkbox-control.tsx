import { useEffect, useRef } from 'react';
import type { ControlProps } from './control-props';
import { FieldLabel } from './field-label';

/**
 * One boolean checkbox (a `checkbox` field without options). Read-only holds because the
 * checkbox is controlled and `setValue` ignores the change (a `preventDefault` on click would
 * leave React's controlled state out of step with the element).
 */
export function CheckboxControl({ field, state, ids, shownLabel, disabled, invalidProps, setValue, onBlur, register }: ControlProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => register({ focus: () => ref.current?.focus() }), [register]);
  return (
    <div className="hitl-toggle">
      <input
        ref={ref}
        id={ids.control}
        className="hitl-checkbox"
        type="checkbox"
        checked={state.value === true}
        required={field.required}
        disabled={disabled}
        aria-readonly={field.readonly || undefined}
        aria-invalid={invalidProps['aria-invalid']}
        aria-describedby={invalidProps['aria-describedby']}
        onChange={(event) => setValue(event.currentTarget.checked)}
        onBlur={onBlur}
      />
      <FieldLabel id={ids.label} htmlFor={ids.control} text={shownLabel} required={field.required} hint={field.hint} hintId={ids.hint} />
    </div>
  );
}
