import * as Switch from '@radix-ui/react-switch';
import type { HeadlessField } from '../../form';
import type { FieldEnvironment } from './field-environment-context';
import { fieldLabel } from './field-label';

/**
 * The switch as drawn without `hitl-react/styles.css` (which hides it and styles the track and
 * thumb instead): Radix renders an empty button, a sliver with browser styles and nothing at all
 * under a CSS reset such as Tailwind's preflight. Sized by attributes, which any stylesheet may
 * override, and drawn in `currentColor`, so it reads in light and dark pages; the state shows by
 * shape (the knob's side and fill), not by colour alone.
 */
function SwitchGraphic({ on }: { on: boolean }) {
  return (
    <svg className="hitl-switch-graphic" width="40" height="22" viewBox="0 0 40 22" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="20" rx="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx={on ? 29 : 11} cy="11" r="6" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A Radix Switch: `role="switch"`, named by the field's label. */
export function switchControl(field: HeadlessField, environment: FieldEnvironment) {
  // The native checkbox props, minus what a `<button role="switch">` does not take.
  const { type: _type, role: _role, onChange: _onChange, checked, name: _name, ...props } = field.getInputProps();
  return (
    <div className="hitl-toggle">
      {fieldLabel(field, environment)}
      <Switch.Root
        {...props}
        className="hitl-switch"
        checked={checked === true}
        onCheckedChange={(next) => field.setValue(next)}
        aria-labelledby={field.getLabelProps().id}
      >
        <Switch.Thumb className="hitl-switch-thumb" />
        <SwitchGraphic on={checked === true} />
      </Switch.Root>
    </div>
  );
}
