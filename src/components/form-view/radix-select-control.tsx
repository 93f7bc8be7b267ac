import * as Select from '@radix-ui/react-select';
import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import type { HeadlessField } from '../../form';
import { inheritedTheme, type InheritedTheme } from '../shared';
import { inertOthers } from './inert-others';
import { useCutText } from './long-text';
import { useIsomorphicLayoutEffect } from '../../utils/react';

const ignore = () => {};

/** Props of `RadixSelectControl`. */
export interface RadixSelectControlProps {
  field: HeadlessField;
  /** The theme where the trigger sits, read when the person reached it. */
  theme: InheritedTheme;
  /** Opens the list at mount: the person reached the trigger with the pointer or an opening key. */
  defaultOpen: boolean;
  /** Takes the focus at mount: the trigger it replaces had it. */
  takeFocus: boolean;
  /** The list's element id, which the trigger names in `aria-controls` open or closed. */
  listId: string;
}

/**
 * The select once the person reaches it: a Radix Select, `role="combobox"` named by the field's
 * label. Items are keyed by position, so option values that are empty, repeated, or equal as text
 * (`"1"` and `1`) work. `SelectControl` loads this module on demand and renders it in place of its
 * own trigger.
 *
 * The list is rendered in the field, not portalled to `<body>`: it is then inside the page's
 * landmarks (axe's `region`) and next to its trigger in reading order; Radix places it with fixed
 * positioning, so the form's boxes do not clip it. It takes the `--hitl-*` variables and `dir` from
 * the trigger each time the person reaches it. While it is open, Radix hides the rest of the page
 * (`aria-hidden`) and traps focus; the rest is also made inert, so no control behind the list
 * stays in the tab order while hidden (axe's `aria-hidden-focus`).
 */
export function RadixSelectControl({ field, theme: reachedTheme, defaultOpen, takeFocus, listId }: RadixSelectControlProps) {
  // The native `<select>` props: the trigger takes their id, ARIA, blur and ref (focus on a refused submit).
  const { value, onChange: _onChange, name: _name, type: _type, role: _role, required, disabled, ref, ...trigger } = field.getInputProps();
  // Radix takes the direction from its own provider, not the page: read it where the field is, so
  // the list of a right-to-left page is laid out and navigated right to left.
  const [theme, setTheme] = useState(reachedTheme);
  const cut = useCutText();
  const focusPending = useRef(takeFocus);
  // Capture phase: the list must take the theme in the same update in which Radix opens it.
  const readTheme = (event: SyntheticEvent<HTMLElement>) => {
    const next = inheritedTheme(event.currentTarget);
    setTheme((current) => (current.key === next.key ? current : next));
  };
  const [open, setOpen] = useState(defaultOpen);
  // Read-only: focusable and announced, but the list never opens.
  const shown = open && !field.readOnly;
  // The page is made inert as the list is attached (before Radix's effects hide the page and move
  // focus into it), and given back when the list closes. Radix mounts the list a commit after
  // `open` turns true and keeps the items of a closed one in a detached fragment: only a list in
  // the page counts. Not undone through the ref: it is not told that the list went away.
  const undoInert = useRef<(() => void) | undefined>(undefined);
  const list = useCallback((element: HTMLDivElement | null) => {
    if (element?.isConnected !== true || undoInert.current !== undefined) return;
    undoInert.current = inertOthers(element);
  }, []);
  useIsomorphicLayoutEffect(() => {
    if (!shown) return undefined;
    return () => {
      undoInert.current?.();
      undoInert.current = undefined;
    };
  }, [shown]);
  const chosen = value === '' || value === undefined ? undefined : field.options[Number(value)];
  return (
    <Select.Root
      value={value ?? ''}
      onValueChange={(next) => field.setOption(next === '' ? null : Number(next))}
      open={shown}
      onOpenChange={field.readOnly ? ignore : setOpen}
      required={required}
      disabled={disabled}
      dir={theme.dir}
    >
      <Select.Trigger
        {...trigger}
        aria-controls={listId}
        ref={(node) => {
          ref(node);
          // In the commit that removed the trigger it replaces, so the focus never lands elsewhere.
          if (node && focusPending.current) {
            focusPending.current = false;
            node.focus({ preventScroll: true });
          }
        }}
        // `hitl-input` too: a rule written for the text inputs (Tailwind's `@apply`, a design system's) reaches it.
        className="hitl-input hitl-select-trigger"
        aria-labelledby={field.getLabelProps().id}
        onFocus={readTheme}
        onPointerDownCapture={readTheme}
        onKeyDownCapture={readTheme}
      >
        <Select.Value placeholder={field.placeholder === undefined ? undefined : cut(field.placeholder)}>
          {chosen ? <bdi>{cut(chosen.label)}</bdi> : null}
        </Select.Value>
        <Select.Icon className="hitl-select-icon" />
      </Select.Trigger>
      <Select.Content
        ref={list}
        className="hitl-select-content"
        id={listId}
        aria-labelledby={field.getLabelProps().id}
        position="popper"
        sideOffset={4}
        style={theme.style}
      >
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
    </Select.Root>
  );
}
