import * as Switch from '@radix-ui/react-switch';
import { useEffect, useRef } from 'react';
import type { ControlProps } from './control-props';
import { FieldLabel } from './field-label';

/** A Radix Switch: `role="switch"`, named by the field's label. */
export function SwitchControl({ field, state, ids, shownLabel, disabled, invalidProps, setValue, onBlur, register }: ControlProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => register({ focus: () => ref.current?.focus() }), [register]);
  return (
    <div className="hitl-toggle">
      <FieldLabel id={ids.label} htmlFor={ids.control} text={shownLabel} required={field.required} />
      <Switch.Root
        ref={ref}
        id={ids.control}
        className="hitl-switch"
        checked={state.value === true}
        onCheckedChange={(checked) => setValue(checked)}
        required={field.required}
        disabled={disabled}
        aria-labelledby={ids.label}
        aria-readonly={field.readonly || undefined}
        aria-invalid={invalidProps['aria-invalid']}
        aria-describedby={invalidProps['aria-describedby']}
        onBlur={onBlur}
      >
        <Switch.Thumb className="hitl-switch-thumb" />
      </Switch.Root>
      {field.hint ? (
        <p className="hitl-field-hint" id={ids.hint}>
          {field.hint}
        </p>
      ) : null}
    </div>
  );
}
