import { useEffect, useRef } from 'react';
import type { ControlProps } from './control-props';
import { FieldLabel } from './field-label';

/** A native range input with its current value beside it. */
export function RangeControl({ field, state, ids, shownLabel, disabled, invalidProps, setValue, onBlur, register }: ControlProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => register({ focus: () => ref.current?.focus() }), [register]);
  const value = typeof state.value === 'number' ? state.value : 0;
  return (
    <>
      <FieldLabel id={ids.label} htmlFor={ids.control} text={shownLabel} required={field.required} hint={field.hint} hintId={ids.hint} />
      <div className="hitl-range">
        <input
          ref={ref}
          id={ids.control}
          className="hitl-input hitl-range-input"
          type="range"
          value={String(value)}
          min={field.min}
          max={field.max}
          step={field.step}
          required={field.required}
          disabled={disabled}
          // HTML has no read-only range: the value is held (the change is ignored) and announced.
          aria-readonly={field.readonly || undefined}
          aria-invalid={invalidProps['aria-invalid']}
          aria-describedby={invalidProps['aria-describedby']}
          onChange={(event) => setValue(Number(event.currentTarget.value))}
          onBlur={onBlur}
        />
        {/* The slider announces its own value; the output is for the eye only, so it is not read twice. */}
        <output className="hitl-range-value" htmlFor={ids.control} aria-hidden="true">
          {value}
        </output>
      </div>
    </>
  );
}
