import { useCallback } from 'react';
import { CheckboxGroupControl, RadioGroupControl } from './choice-group-control';
import type { ControlProps, FieldIds, InvalidProps } from './control-props';
import type { FieldEnvironment } from './field-environment';
import { fieldContext, validateField } from './field-validation';
import type { FieldModel, FieldNote, FieldValue } from './form-model';
import type { FieldHandle, FormStore } from './form-store';
import type { ToolCallFormMessages } from './messages';
import { applyAutocompletePolicy, applyClassNamePolicy } from './policies';
import { RangeControl } from './range-control';
import { SelectControl } from './select-control';
import { TextControl } from './text-control';
import { CheckboxControl, SwitchControl } from './toggle-control';
import { useFieldSnapshot } from './use-field-snapshot';
import { cx } from '../../utils';

export interface FormFieldProps {
  field: FieldModel;
  store: FormStore;
  env: FieldEnvironment;
}

/** The ids of field `index`'s elements; unique per form, whatever the labels (which may repeat). */
export function fieldIds(idBase: string, index: number): FieldIds {
  const control = `${idBase}-field-${index}`;
  return { control, label: `${control}-label`, error: `${control}-error`, hint: `${control}-hint` };
}

/** The label shown for a field: the agent's, or the generated one for an unlabelled field. */
export function shownLabelOf(field: FieldModel, messages: ToolCallFormMessages): string {
  return field.label ?? messages.fieldLabelFallback({ index: field.index });
}

function noteText(note: FieldNote, messages: ToolCallFormMessages, label: string, field: FieldModel): string {
  const context = fieldContext(field, label);
  switch (note.code) {
    case 'unknown-type':
      return messages.unknownTypeNote({ ...context, requestedType: note.requestedType });
    case 'invalid-pattern':
      return messages.invalidPatternNote({ ...context, pattern: note.pattern });
    case 'conflicting-limits':
      return messages.conflictingLimitsNote(context);
    case 'no-options':
      return messages.noOptionsNote(context);
  }
}

/**
 * The message for the first rule the field's current value breaks, or null. The element is asked
 * whether it holds input it cannot read, because that can begin without React seeing a change:
 * typing "e" into an empty number input leaves its value ''.
 */
export function currentFieldError(field: FieldModel, store: FormStore, messages: ToolCallFormMessages): string | null {
  const snapshot = store.get(field.index);
  const badInput = store.handle(field.index)?.hasBadInput?.() ?? snapshot.badInput;
  return validateField(field, snapshot.value, badInput, messages, fieldContext(field, shownLabelOf(field, messages)));
}

/**
 * One field: its label, control, notes and error. Subscribes to its own slot of the store only,
 * so it re-renders when its own value or error changes, never for another field's.
 */
export function FormField({ field, store, env }: FormFieldProps) {
  const snapshot = useFieldSnapshot(store, field.index);
  const { messages } = env;
  const ids = fieldIds(env.idBase, field.index);
  const shownLabel = shownLabelOf(field, messages);
  const disabled = field.disabled || env.disabled;
  const invalid = snapshot.error !== null;
  const invalidProps: InvalidProps = invalid ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {};

  const { index } = field;
  const validate = useCallback(
    () => store.setError(index, currentFieldError(field, store, env.messages)),
    [store, index, field, env.messages],
  );

  const setValue = useCallback(
    (value: FieldValue, badInput = false) => {
      if (field.readonly || field.disabled || env.disabled) return;
      store.setValue(index, value, badInput);
      // A field showing an error re-checks on every change, so the error goes as soon as it is fixed.
      if (store.get(index).error !== null) validate();
      env.onFieldChange(index);
    },
    [store, index, field, env, validate],
  );
  const onBlur = useCallback(() => {
    if (store.submitted) validate();
  }, [store, validate]);
  const register = useCallback((handle: FieldHandle) => store.register(index, handle), [store, index]);

  const props: ControlProps = {
    field,
    snapshot,
    ids,
    shownLabel,
    disabled,
    invalidProps,
    autocomplete: applyAutocompletePolicy(field.autocomplete, env.autocompletePolicy, field.kind),
    messages,
    setValue,
    onBlur,
    register,
  };
  const className = applyClassNamePolicy(field.className, env.classNamePolicy);

  return (
    <div
      className={cx('hitl-field', className)}
      data-field-type={field.kind}
      data-state={invalid ? 'invalid' : 'valid'}
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      data-readonly={field.readonly ? '' : undefined}
      data-required={field.required ? '' : undefined}
    >
      {renderControl(props)}
      {field.notes.map((note) => (
        <p className="hitl-field-note" key={note.code}>
          {noteText(note, messages, shownLabel, field)}
        </p>
      ))}
      {invalid ? (
        <p className="hitl-field-error" id={ids.error}>
          {snapshot.error}
        </p>
      ) : null}
    </div>
  );
}

function renderControl(props: ControlProps) {
  switch (props.field.control) {
    case 'input':
    case 'textarea':
      return <TextControl {...props} />;
    case 'range':
      return <RangeControl {...props} />;
    case 'checkbox':
      return <CheckboxControl {...props} />;
    case 'switch':
      return <SwitchControl {...props} />;
    case 'radio':
      return <RadioGroupControl {...props} />;
    case 'checkbox-group':
      return <CheckboxGroupControl {...props} />;
    case 'select':
      return <SelectControl {...props} />;
  }
}
