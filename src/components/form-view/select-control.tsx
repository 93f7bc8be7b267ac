import * as Select from '@radix-ui/react-select';
import { useState } from 'react';
import type { HeadlessField } from '../../form';
import { FieldLabel } from './field-label';
import { useCutText } from './long-text';

const ignore = () => {};

/**
 * A single choice as a Radix Select: `role="combobox"` named by the field's label. Items are keyed
 * by position, so option values that are empty, repeated, or equal as text (`"1"` and `1`) work.
 *
 * The list (Radix's content, which renders and registers every item even while closed) mounts only
 * once the person reaches the trigger — focus, pointer or key — so a long form does not pay for
 * every option of every select up front. The trigger shows the chosen label itself meanwhile.
 */
export function SelectControl({ field }: { field: HeadlessField }) {
  // The native `<select>` props: the trigger takes their id, ARIA, blur and ref (focus on a refused submit).
  const { value, onChange: _onChange, name: _name, type: _type, role: _role, required, disabled, ...trigger } = field.getInputProps();
  const [listMounted, setListMounted] = useState(false);
  const cut = useCutText();
  // Capture phase: the list must mount in the same update in which Radix opens it.
  const mountList = () => {
    if (!listMounted && !field.readOnly) setListMounted(true);
  };
  const chosen = value === '' || value === undefined ? undefined : field.options[Number(value)];
  return (
    <>
      <FieldLabel field={field} />
      <Select.Root
        value={value ?? ''}
        onValueChange={(next) => field.setOption(next === '' ? null : Number(next))}
        // Read-only: focusable and announced, but the list never opens.
        {...(field.readOnly ? { open: false, onOpenChange: ignore } : {})}
        required={required}
        disabled={disabled}
      >
        <Select.Trigger
          {...trigger}
          className="hitl-select-trigger"
          aria-labelledby={field.getLabelProps().id}
          onFocus={mountList}
          onPointerDownCapture={mountList}
          onKeyDownCapture={mountList}
        >
          <Select.Value placeholder={field.placeholder === undefined ? undefined : cut(field.placeholder)}>
            {chosen ? <bdi>{cut(chosen.label)}</bdi> : null}
          </Select.Value>
          <Select.Icon className="hitl-select-icon" />
        </Select.Trigger>
        {listMounted ? (
          <Select.Portal>
            <Select.Content className="hitl-select-content" position="popper" sideOffset={4}>
              <Select.Viewport className="hitl-select-viewport">
                {field.options.map((option, index) => (
                  <Select.Item className="hitl-select-item" key={index} value={field.getOptionProps(index).value}>
                    <Select.ItemText>
                      <bdi>{cut(option.label)}</bdi>
                    </Select.ItemText>
                    <Select.ItemIndicator className="hitl-select-indicator">✓</Select.ItemIndicator>
                  </Select.Item>
                ))}
              </Select.Viewport>
            </Select.Content>
          </Select.Portal>
        ) : null}
      </Select.Root>
    </>
  );
}
