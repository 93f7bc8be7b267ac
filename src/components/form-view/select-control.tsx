import { useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from 'react';
import type { HeadlessField } from '../../form';
import { inheritedTheme, type InheritedTheme } from '../shared';
import { FieldLabel } from './field-label';
import { useCutText } from './long-text';
import type { RadixSelectControlProps } from './radix-select-control';

type RadixSelect = ComponentType<RadixSelectControlProps>;

// Radix Select and what it brings (Floating UI, focus scope, scroll lock) weigh more than the rest
// of the form: a page loads them when a person first reaches a select, not with the form.
let loaded: RadixSelect | undefined;
let loading: Promise<RadixSelect> | undefined;
function loadRadixSelect(): Promise<RadixSelect> {
  loading ??= import('./radix-select-control').then(
    (module) => (loaded = module.RadixSelectControl),
    (error: unknown) => {
      // A failed chunk (offline, a new deployment) is tried again at the next reach.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
const preload = () => void loadRadixSelect().catch(() => {});

/** The keys that open a Radix Select's list from its trigger. */
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown']);

interface Reach {
  theme: InheritedTheme;
  /** Reached with the pointer or an opening key: the list opens as the Radix Select mounts. */
  open: boolean;
}

/**
 * A single choice. Until the person reaches it (focus, pointer or key), a plain button with the
 * markup, ARIA and data attributes of a closed Radix Select trigger, so a long form neither loads
 * nor mounts Radix for selects nobody opens; then the Radix Select (`RadixSelectControl`) in its
 * place, open if the pointer or an opening key reached it, and focused if this trigger was.
 * A read-only select is never replaced: its list never opens.
 */
export function SelectControl({ field }: { field: HeadlessField }) {
  // The native `<select>` props: the trigger takes their id, ARIA, blur and ref (focus on a refused submit).
  const {
    value,
    onChange: _onChange,
    name: _name,
    type: _type,
    role: _role,
    required,
    disabled,
    onBlur,
    ...trigger
  } = field.getInputProps();
  const [reach, setReach] = useState<Reach>();
  const [Radix, setRadix] = useState<RadixSelect>();
  const [focused, setFocused] = useState(false);
  // The button leaves the page focused when the Radix trigger replaces it: that blur is no blur of the field.
  const replacing = useRef(false);
  const pointerType = useRef('touch');
  const cut = useCutText();

  const replace = (component: RadixSelect) => {
    replacing.current = true;
    setRadix(() => component);
  };
  const reachWith = (event: SyntheticEvent<HTMLElement>, open: boolean) => {
    if (field.readOnly || disabled) return;
    const theme = inheritedTheme(event.currentTarget);
    setReach((current) => ({ theme, open: open || (current?.open ?? false) }));
    if (loaded) replace(loaded);
    else loadRadixSelect().then(replace, () => setReach(undefined));
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    preload();
    pointerType.current = event.pointerType;
    // As Radix: a mouse opens the list on press, and the press must not focus the trigger.
    if (event.button !== 0 || event.ctrlKey || event.pointerType !== 'mouse') return;
    event.preventDefault();
    reachWith(event, true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!OPEN_KEYS.has(event.key)) return;
    event.preventDefault();
    reachWith(event, true);
  };

  const listId = `${trigger.id}-list`;
  const chosen = value === '' || value === undefined ? undefined : field.options[Number(value)];
  return (
    <>
      <FieldLabel field={field} />
      {reach && Radix ? (
        <Radix field={field} theme={reach.theme} defaultOpen={reach.open} takeFocus={focused} listId={listId} />
      ) : (
        <button
          type="button"
          role="combobox"
          aria-expanded={false}
          aria-controls={listId}
          aria-required={required}
          aria-autocomplete="none"
          data-state="closed"
          disabled={disabled}
          data-disabled={disabled ? '' : undefined}
          data-placeholder={chosen ? undefined : ''}
          {...trigger}
          // `hitl-input` too: a rule written for the text inputs (Tailwind's `@apply`, a design system's) reaches it.
          className="hitl-input hitl-select-trigger"
          aria-labelledby={field.getLabelProps().id}
          onFocus={(event) => {
            setFocused(true);
            reachWith(event, false);
          }}
          onBlur={() => {
            setFocused(false);
            if (!replacing.current) onBlur();
          }}
          onPointerEnter={preload}
          onPointerDown={onPointerDown}
          // Touch, pen and a screen reader's click open on click, as Radix does; a mouse opened on press.
          onClick={(event) => pointerType.current !== 'mouse' && reachWith(event, true)}
          onKeyDown={onKeyDown}
        >
          <span style={{ pointerEvents: 'none' }}>
            {chosen ? <bdi>{cut(chosen.label)}</bdi> : field.placeholder === undefined ? null : cut(field.placeholder)}
          </span>
          <span aria-hidden className="hitl-select-icon">
            ▼
          </span>
        </button>
      )}
    </>
  );
}
