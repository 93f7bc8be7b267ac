import * as Select from '@radix-ui/react-select';
import { useEffect, useRef } from 'react';
import type { ControlProps } from './control-props';
import { FieldLabel } from './field-label';

const ignore = () => {};

/**
 * A single choice as a Radix Select: `role="combobox"` named by the field's label. Items are keyed
 * by position, so option values that are empty, repeated, or equal as text (`"1"` and `1`) work.
 */
export function SelectControl({ field, snapshot, ids, shownLabel, disabled, invalidProps, messages, setValue, onBlur, register }: ControlProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => register({ focus: () => ref.current?.focus() }), [register]);
  const placeholder = field.placeholder ?? messages.selectPlaceholder({ label: shownLabel, index: field.index, type: field.kind });
  return (
    <>
      <FieldLabel id={ids.label} htmlFor={ids.control} text={shownLabel} required={field.required} />
      {field.hint ? (
        <p className="hitl-field-hint" id={ids.hint}>
          {field.hint}
        </p>
      ) : null}
      <Select.Root
        value={typeof snapshot.value === 'number' ? String(snapshot.value) : ''}
        onValueChange={(value) => setValue(value === '' ? null : Number(value))}
        // Read-only: focusable and announced, but the list never opens.
        {...(field.readonly ? { open: false, onOpenChange: ignore } : {})}
        required={field.required}
        disabled={disabled}
      >
        <Select.Trigger
          ref={ref}
          id={ids.control}
          className="hitl-select-trigger"
          aria-labelledby={ids.label}
          aria-readonly={field.readonly || undefined}
          aria-invalid={invalidProps['aria-invalid']}
          aria-describedby={invalidProps['aria-describedby']}
          onBlur={onBlur}
        >
          <Select.Value placeholder={placeholder} />
          <Select.Icon className="hitl-select-icon" />
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="hitl-select-content" position="popper" sideOffset={4}>
            <Select.Viewport className="hitl-select-viewport">
              {field.options.map((option, index) => (
                <Select.Item className="hitl-select-item" key={index} value={String(index)}>
                  <Select.ItemText>
                    <bdi>{option.label}</bdi>
                  </Select.ItemText>
                  <Select.ItemIndicator className="hitl-select-indicator">✓</Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </>
  );
}
