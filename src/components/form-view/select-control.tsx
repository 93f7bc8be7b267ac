import * as Select from '@radix-ui/react-select';
import { useEffect, useRef, useState } from 'react';
import type { ControlProps } from './control-props';
import { FieldLabel } from './field-label';
import { fieldContext } from './field-text';

const ignore = () => {};

/**
 * A single choice as a Radix Select: `role="combobox"` named by the field's label. Items are keyed
 * by position, so option values that are empty, repeated, or equal as text (`"1"` and `1`) work.
 *
 * The list (Radix's content, which renders and registers every item even while closed) mounts only
 * once the person reaches the trigger — focus, pointer or key — so a long form does not pay for
 * every option of every select up front. The trigger shows the chosen label itself meanwhile.
 */
export function SelectControl({
  field,
  state,
  ids,
  shownLabel,
  disabled,
  invalidProps,
  messages,
  setValue,
  onBlur,
  register,
}: ControlProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => register({ focus: () => ref.current?.focus() }), [register]);
  const placeholder = field.placeholder ?? messages.selectPlaceholder(fieldContext(field, shownLabel));
  const [listMounted, setListMounted] = useState(false);
  // Capture phase: the list must mount in the same update in which Radix opens it.
  const mountList = () => {
    if (!listMounted && !field.readonly) setListMounted(true);
  };
  const chosen = typeof state.value === 'number' ? field.options[state.value] : undefined;
  return (
    <>
      <FieldLabel id={ids.label} htmlFor={ids.control} text={shownLabel} required={field.required} hint={field.hint} hintId={ids.hint} />
      <Select.Root
        value={typeof state.value === 'number' ? String(state.value) : ''}
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
          onFocus={mountList}
          onPointerDownCapture={mountList}
          onKeyDownCapture={mountList}
        >
          <Select.Value placeholder={placeholder}>{chosen ? <bdi>{chosen.label}</bdi> : null}</Select.Value>
          <Select.Icon className="hitl-select-icon" />
        </Select.Trigger>
        {listMounted ? (
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
        ) : null}
      </Select.Root>
    </>
  );
}
