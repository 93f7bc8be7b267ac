import * as Switch from '@radix-ui/react-switch';
import type { HeadlessField } from '../../form';
import { FieldLabel } from './field-label';

/** A Radix Switch: `role="switch"`, named by the field's label. */
export function SwitchControl({ field }: { field: HeadlessField }) {
  // The native checkbox props, minus what a `<button role="switch">` does not take.
  const { type: _type, role: _role, onChange: _onChange, checked, name: _name, ...props } = field.getInputProps();
  return (
    <div className="hitl-toggle">
      <FieldLabel field={field} />
      <Switch.Root
        {...props}
        className="hitl-switch"
        checked={checked === true}
        onCheckedChange={(next) => field.setValue(next)}
        aria-labelledby={field.getLabelProps().id}
      >
        <Switch.Thumb className="hitl-switch-thumb" />
      </Switch.Root>
    </div>
  );
}
