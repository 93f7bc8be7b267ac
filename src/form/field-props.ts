import { applyAutocompletePolicy, type AutocompletePolicy } from './autocomplete-policy';
import type {
  FieldAriaProps,
  FieldChangeEvent,
  FieldChangeTarget,
  FieldElement,
  FieldInputProps,
  FieldKeyEvent,
  FieldPropGetters,
  FieldPropsEnvironment,
} from './field-prop-types';
import { formatDateLike } from './date-like';
import type { FieldIds } from './field-ids';
import type { FieldModel, FieldStateOwner, FieldValue } from './field-model';
import { focusGroup } from './focus-group';
import { isDateLikeKind, type FormFieldOption } from '../schema';
import { warnOnce } from './dev-warning';

const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** A DOM element, as opposed to a focus handle (what a group's ref needs to find its options). */
function isElement(value: FieldElement): value is FieldElement & HTMLElement {
  return typeof (value as Partial<HTMLElement>).querySelectorAll === 'function';
}

function limitAttribute(kind: string, limit: number | undefined): string | undefined {
  if (limit === undefined) return undefined;
  // Date-like limits are `valueAsNumber`s; the attribute wants them in the kind's own format.
  if (isDateLikeKind(kind)) return formatDateLike(kind, limit) ?? undefined;
  return String(limit);
}

/** The `aria-describedby` of a field: its description, and its error while it shows one. */
function describedBy(field: FieldModel, ids: FieldIds, invalid: boolean): string | undefined {
  const parts = [field.hint ? ids.hint : undefined, invalid ? ids.error : undefined].filter((id) => id !== undefined);
  return parts.length === 0 ? undefined : parts.join(' ');
}

/**
 * Makes the prop getters of field `index` of `control`: the same attributes and handlers the
 * library's own controls use, for the native elements of a headless form. The handlers are made
 * once here, so spreading the props on every render hands React the same functions.
 */
export function createFieldPropGetters(control: FieldStateOwner, index: number, environment: FieldPropsEnvironment): FieldPropGetters {
  const field = control.fields[index] as FieldModel;
  const ids = environment.ids(index);
  const readOnly = () => field.readonly || environment.readOnly?.() === true;
  const set = (value: FieldValue, badInput = false) => {
    // The core ignores read-only and disabled fields; a disabled or sent form is the view's to enforce.
    if (!environment.disabled() && !readOnly()) control.setValue(index, value, { badInput });
  };
  const onBlur = () => control.blurField(index);
  const holdArrows = (event: FieldKeyEvent) => {
    // A read-only radio group holds its value; arrow keys would move the choice with the focus.
    if (ARROW_KEYS.includes(event.key)) event.preventDefault();
  };
  const isGroup = field.control === 'radio' || field.control === 'checkbox-group';

  const positionKeys = field.options.map((_, option) => String(option));
  const ownKeys = field.options.map((option) => String(option.value));
  /** Whether a `<select>`'s options (a placeholder `""` aside) carry the positions, in order. */
  const byPosition = (domOptions: ArrayLike<{ readonly value: string }>) =>
    Array.from(domOptions, (option) => option.value)
      .filter((value) => value !== '')
      .every((value, option) => value === positionKeys[option]);
  // Whether the `<select>` rendered carries the options' own values (see `selectedOption`).
  let selectOwnValues = false;
  let unregister: (() => void) | undefined;
  const ref = (element: FieldElement | null) => {
    unregister?.();
    unregister = undefined;
    if (element === null) return;
    const select = element as FieldElement & { tagName?: string; options?: ArrayLike<{ readonly value: string }>; value?: string };
    if (field.control === 'select' && select.tagName === 'SELECT' && select.options !== undefined) {
      selectOwnValues = !byPosition(select.options);
      // The first render named the choice by position: shown by its own value from now on.
      const state = control.getFieldState(index).value;
      if (selectOwnValues && typeof state === 'number') select.value = ownKeys[state] ?? '';
    }
    unregister = control.register(index, {
      focus: () => (isGroup && isElement(element) ? focusGroup(element) : element.focus()),
      // Only inputs hold text they cannot read (a half-typed date, "1e"); React never sees it change.
      hasBadInput: () => element.validity?.badInput === true,
    });
  };

  const onChange = (event: FieldChangeEvent) => {
    const target = event.currentTarget;
    const text = target.value ?? '';
    switch (field.control) {
      case 'checkbox':
      case 'switch':
        set(target.checked === true);
        return;
      case 'range':
        set(Number(text));
        return;
      case 'select':
        set(selectedOption(text, target.options));
        return;
      default:
        set(text, target.validity?.badInput === true);
    }
  };

  /**
   * The position a `<select>`'s value names. `getOptionProps(i).value` is the position as text;
   * what anyone writes first, `<option value={option.value}>`, carries the option's own value: a
   * select whose options are not the positions in order is read by the options' own values (as
   * text; an option value repeated as text names its first option).
   */
  const selectedOption = (text: string, domOptions: FieldChangeTarget['options']): number | null => {
    if (text === '') return null;
    if (domOptions !== undefined) selectOwnValues = !byPosition(domOptions);
    const position = positionKeys.indexOf(text);
    const own = ownKeys.indexOf(text);
    const chosen = selectOwnValues ? (own === -1 ? position : own) : position === -1 ? own : position;
    if (chosen !== -1) return chosen;
    warnOnce(
      `the select "${field.label}" was given the value "${text}", which is neither an option's position ` +
        `(<option {...field.getOptionProps(index)}>) nor an option's own value (<option value={option.value}>): it answers null.`,
    );
    return null;
  };
  /** The position `getOptionProps` was given: an index, or one of `field.options`. */
  const optionIndex = (option: number | FormFieldOption): number | undefined => {
    if (typeof option === 'number') {
      if (Number.isInteger(option) && option >= 0 && option < field.options.length) return option;
    } else if (typeof option === 'object' && option !== null) {
      const byIdentity = field.options.indexOf(option);
      const found = byIdentity !== -1 ? byIdentity : field.options.findIndex((candidate) => candidate.value === option.value);
      if (found !== -1) return found;
    }
    warnOnce(
      `getOptionProps of "${field.label}" was given ${JSON.stringify(option) ?? typeof option}, which is neither the position of ` +
        `one of its ${field.options.length} options nor one of field.options.`,
    );
    return undefined;
  };

  const setOption = (option: number | null, chosen = true) => {
    if (option !== null && (!Number.isInteger(option) || option < 0 || option >= field.options.length)) return;
    if (field.control !== 'checkbox-group') {
      set(option);
      return;
    }
    if (option === null) return;
    const state = control.getFieldState(index).value;
    const current: readonly number[] = Array.isArray(state) ? state : [];
    const next = chosen ? [...current, option] : current.filter((i) => i !== option);
    set([...new Set(next)].sort((a, b) => a - b));
  };
  const optionHandlers = field.options.map((_, option) => () => {
    if (field.control === 'radio') {
      setOption(option);
      return;
    }
    const state = control.getFieldState(index).value;
    setOption(option, !(Array.isArray(state) && state.includes(option)));
  });

  // Worked out once: each keystroke asks for the props again, and only the value and error change.
  const described = [describedBy(field, ids, false), describedBy(field, ids, true)] as const;
  const aria = (invalid: boolean): FieldAriaProps => ({
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': described[invalid ? 1 : 0],
  });
  const min = limitAttribute(field.kind, field.min);
  const max = limitAttribute(field.kind, field.max);
  let autocomplete: { policy: AutocompletePolicy; value: string | undefined } | undefined;
  const autoComplete = () => {
    const policy = environment.autocompletePolicy();
    if (autocomplete?.policy !== policy) autocomplete = { policy, value: applyAutocompletePolicy(field.autocomplete, policy, field.kind) };
    return autocomplete.value;
  };

  return {
    setOption,
    getLabelProps: () => (isGroup ? { id: ids.label } : { id: ids.label, htmlFor: ids.control }),
    getDescriptionProps: () => ({ id: ids.hint }),
    getErrorProps: () => ({ id: ids.error }),

    getInputProps() {
      const state = control.getFieldState(index);
      const disabled = field.disabled || environment.disabled();
      const invalid = state.error !== null;
      const common = () => ({ id: ids.control, name: ids.control, onBlur, ref, ...aria(invalid) });
      const readonlyChoice = () => (readOnly() ? { 'aria-readonly': true as const } : {});
      switch (field.control) {
        case 'radio':
        case 'checkbox-group':
          return {
            ...common(),
            name: undefined,
            role: field.control === 'radio' ? 'radiogroup' : 'group',
            'aria-labelledby': ids.label,
            'aria-required': field.control === 'radio' && field.required ? true : undefined,
            ...(field.control === 'radio' ? readonlyChoice() : {}), // a `group` takes no aria-readonly: its checkboxes carry it
          };
        case 'checkbox':
        case 'switch':
          return {
            ...common(),
            type: 'checkbox',
            role: field.control === 'switch' ? 'switch' : undefined,
            checked: state.value === true,
            required: field.required,
            disabled,
            onChange,
            ...readonlyChoice(),
          };
        case 'range':
          return {
            ...common(),
            type: 'range',
            value: String(typeof state.value === 'number' ? state.value : 0),
            min,
            max,
            step: field.step,
            required: field.required,
            disabled,
            onChange,
            ...readonlyChoice(),
          };
        case 'select':
          return {
            ...common(),
            value: typeof state.value === 'number' ? ((selectOwnValues ? ownKeys : positionKeys)[state.value] ?? '') : '',
            required: field.required,
            disabled,
            onChange,
            ...readonlyChoice(),
          };
        default: {
          // One object, written out: these props are asked for on every keystroke.
          const text: FieldInputProps = {
            id: ids.control,
            name: ids.control,
            onBlur,
            ref,
            'aria-invalid': invalid ? (true as const) : undefined,
            'aria-describedby': described[invalid ? 1 : 0],
            value: typeof state.value === 'string' ? state.value : '',
            required: field.required,
            readOnly: readOnly(),
            disabled,
            placeholder: field.placeholder,
            minLength: field.minLength,
            maxLength: field.maxLength,
            autoComplete: autoComplete(),
            onChange,
          };
          if (field.control === 'textarea') {
            text.rows = field.rows;
            text.cols = field.cols;
            return text;
          }
          text.type = field.kind;
          text.min = min;
          text.max = max;
          // No step given means any number: HTML's default step of 1 would refuse 1.5.
          text.step = field.kind === 'number' ? (field.step ?? 'any') : undefined;
          // No `pattern` attribute: the browser's own matcher backtracks on an agent's `^(a+)+$`
          // whenever styles (`:invalid`) or assistive technology ask, on every key; Chromium
          // gives up after a million steps and calls a matching value a mismatch. validateField
          // checks the pattern in linear time.
          return text;
        }
      }
    },

    getOptionProps(given) {
      const found = optionIndex(given);
      // An unknown option still gets props (React needs an element), but nothing it could choose.
      const option = found ?? -1;
      const value = found === undefined ? '' : String(found);
      if (field.control === 'select') return { value };
      const state = control.getFieldState(index).value;
      const disabled = field.disabled || environment.disabled();
      const onChange = optionHandlers[option];
      if (field.control === 'radio') {
        return {
          id: `${ids.control}-o${option}`,
          type: 'radio',
          // The control's id: the name only groups the radios for the browser's arrow keys.
          name: ids.control,
          value,
          checked: state === option,
          required: field.required,
          disabled,
          onChange,
          onKeyDown: readOnly() ? holdArrows : undefined,
        };
      }
      return {
        id: `${ids.control}-o${option}`,
        type: 'checkbox',
        value,
        checked: Array.isArray(state) && state.includes(option),
        disabled,
        'aria-readonly': readOnly() ? true : undefined,
        onChange,
      };
    },
  };
}
