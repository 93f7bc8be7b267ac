import * as Select from '@radix-ui/react-select';
import { useState, type SyntheticEvent } from 'react';
import type { HeadlessField } from '../../form';
import { inheritedTheme, type InheritedTheme } from '../shared';
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
 *
 * The list is portalled to `<body>`, outside whatever element carries the `--hitl-*` variables and
 * `dir`: it takes both from the trigger each time the person reaches it, so it wears their theme.
 */
export function SelectControl({ field }: { field: HeadlessField }) {
  // The native `<select>` props: the trigger takes their id, ARIA, blur and ref (focus on a refused submit).
  const { value, onChange: _onChange, name: _name, type: _type, role: _role, required, disabled, ...trigger } = field.getInputProps();
  const [listMounted, setListMounted] = useState(false);
  // Radix takes the direction from its own provider, not the page: read it where the field is, so
  // the list of a right-to-left page is laid out and navigated right to left.
  const [theme, setTheme] = useState<InheritedTheme>();
  const dir = theme?.dir;
  const cut = useCutText();
  // Capture phase: the list must mount (and take the theme) in the same update in which Radix opens it.
  const mountList = (event: SyntheticEvent<HTMLElement>) => {
    if (field.readOnly) return;
    const next = inheritedTheme(event.currentTarget);
    setTheme((current) => (current?.key === next.key ? current : next));
    setListMounted(true);
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
        dir={dir}
      >
        <Select.Trigger
          {...trigger}
          // Radix writes its own direction (ltr by default) on the trigger: until the list is
          // mounted, none, so the trigger follows the page.
          dir={dir}
          // `hitl-input` too: a rule written for the text inputs (Tailwind's `@apply`, a design system's) reaches it.
          className="hitl-input hitl-select-trigger"
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
            <Select.Content className="hitl-select-content" position="popper" sideOffset={4} style={theme?.style}>
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
