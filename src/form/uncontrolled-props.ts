import type { FormFieldOption } from '../schema';
import type { FieldChangeEvent, FieldElement, FieldInputProps, FieldOptionProps, FieldPropGetters } from './field-prop-types';

/** The prop getters `uncontrolledGetters` changes. */
export type UncontrolledGetters = Pick<FieldPropGetters, 'getInputProps' | 'getOptionProps'>;

/** What the DOM element of a field is, as far as keeping it current goes. */
interface SyncedElement {
  value?: string;
  checked?: boolean;
  readonly validity?: { readonly badInput: boolean };
  querySelectorAll?: (selectors: string) => ArrayLike<{ value: string; checked: boolean }>;
}

/**
 * The prop getters of a field whose reader does not re-render as the person types: a field read
 * from `form.fields` by the form's own component. The element holds the value, as with
 * react-hook-form's `register`: the props carry `defaultValue`/`defaultChecked` rather than
 * `value`/`checked`, and the field writes its value into the element itself whenever it changes
 * without the person typing it (`setValue`, `reset`, a change the form refused). A controlled
 * element would need its component to render again at every keystroke, and the form's component
 * renders every field. A group's options are kept current through the group element (the one
 * `getInputProps()` is spread on).
 *
 * `controlled` are the field's ordinary getters, which read the field's state at each call;
 * `subscribe` calls a listener after the field's state changed; `options` counts its options.
 */
export function uncontrolledGetters(
  controlled: FieldPropGetters,
  subscribe: (listener: () => void) => () => void,
  options: number,
): UncontrolledGetters {
  let element: (FieldElement & SyncedElement) | null = null;
  // Counts writes, so a change handler can tell whether the field's own listener already wrote.
  let syncs = 0;
  const sync = () => {
    syncs += 1;
    const shown = element;
    if (shown === null) return;
    const props = controlled.getInputProps();
    if (props.role === 'radiogroup' || props.role === 'group') {
      const inputs = shown.querySelectorAll?.('input[type="radio"], input[type="checkbox"]') ?? [];
      // Options carry their position (`getOptionProps(i).value`); any other input is the app's own.
      const own = Array.from(inputs).filter((input) => /^\d+$/.test(input.value) && Number(input.value) < options);
      const checked = own.map((input) => controlled.getOptionProps(Number(input.value)).checked === true);
      // Every option is written, unchecked ones first: a radio the browser unchecked by itself (its
      // sibling was checked) keeps React's record of it checked until something sets it, and a
      // click on it then raises no change.
      own.forEach((input, at) => checked[at] || (input.checked = false));
      own.forEach((input, at) => checked[at] && (input.checked = true));
    } else if (props.checked !== undefined) {
      if (shown.checked !== props.checked) shown.checked = props.checked;
    } else if (props.value !== undefined && shown.value !== props.value) {
      // A number or date half typed reads as "" with `badInput`: the person's text stays.
      if (!(props.value === '' && shown.validity?.badInput === true)) shown.value = props.value;
    }
  };
  let unsubscribe: (() => void) | undefined;
  let ref: FieldInputProps['ref'] | undefined;
  const refOf = (lend: FieldInputProps['ref']): FieldInputProps['ref'] => {
    // One function for the field's life, so React does not detach and attach it at every render.
    ref ??= (node) => {
      unsubscribe?.();
      unsubscribe = undefined;
      lend(node);
      element = node;
      if (node === null) return;
      unsubscribe = subscribe(sync);
      sync();
    };
    return ref;
  };
  const afterChange =
    <E extends unknown[]>(handler: ((...args: E) => void) | undefined) =>
    (...args: E) => {
      const before = syncs;
      handler?.(...args);
      // A change the form refused (read-only, disabled) raised no state change, so no write: the
      // element is put right here. A taken change was written by the listener already.
      if (syncs === before) sync();
    };
  let onChange: ((event: FieldChangeEvent) => void) | undefined;
  const optionChanges = new Map<number, () => void>();

  return {
    getInputProps() {
      const { value, checked, ref: lend, onChange: change, ...props } = controlled.getInputProps();
      onChange ??= afterChange(change);
      return {
        ...props,
        ...(value === undefined ? {} : { defaultValue: value }),
        ...(checked === undefined ? {} : { defaultChecked: checked }),
        ...(change === undefined ? {} : { onChange }),
        ref: refOf(lend),
      };
    },
    getOptionProps(option: number | FormFieldOption): FieldOptionProps {
      const { checked, onChange: change, ...props } = controlled.getOptionProps(option);
      if (checked === undefined || change === undefined) return props;
      const position = Number(props.value);
      let handler = optionChanges.get(position);
      if (handler === undefined) {
        handler = afterChange(change);
        optionChanges.set(position, handler);
      }
      return { ...props, defaultChecked: checked, onChange: handler };
    },
  };
}
