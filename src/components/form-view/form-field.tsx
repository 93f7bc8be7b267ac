import { useCallback } from 'react';
import {
  applyAutocompletePolicy,
  applyClassNamePolicy,
  type FieldHandle,
  type FieldModel,
  type FieldValue,
  type FormControl,
} from '../../form';
import { cx } from '../../utils';
import { CheckboxControl } from './checkbox-control';
import { CheckboxGroupControl } from './checkbox-group-control';
import type { ControlProps, InvalidProps } from './control-props';
import type { FieldEnvironment } from './field-environment';
import { fieldIds } from './field-ids';
import { fieldContext, issueText, noteText, shownLabelOf } from './field-text';
import { RadioGroupControl } from './radio-group-control';
import { RangeControl } from './range-control';
import { SelectControl } from './select-control';
import { SwitchControl } from './switch-control';
import { TextControl } from './text-control';
import { useFieldState } from './use-field-state';

/** Props of `FormField`. */
export interface FormFieldProps {
  /** The field rendered. */
  field: FieldModel;
  /** The control holding its state. */
  control: FormControl;
  /** What every field of the form shares. */
  env: FieldEnvironment;
}

/**
 * One field: its label, control, notes and error. Subscribes to its own slot of the form control
 * only, so it re-renders when its own value or error changes, never for another field's.
 */
export function FormField({ field, control, env }: FormFieldProps) {
  const state = useFieldState(control, field.index);
  const { messages } = env;
  const ids = fieldIds(env.idBase, field.index);
  const shownLabel = shownLabelOf(field, messages);
  const context = fieldContext(field, shownLabel);
  const disabled = field.disabled || env.disabled;
  const invalid = state.error !== null;
  const invalidProps: InvalidProps = invalid ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {};

  const { index } = field;
  const formDisabled = env.disabled;
  const setValue = useCallback(
    (value: FieldValue, badInput = false) => {
      // The core ignores read-only and disabled fields; a disabled form is the view's to enforce.
      if (!formDisabled) control.setValue(index, value, { badInput });
    },
    [control, index, formDisabled],
  );
  const onBlur = useCallback(() => control.blurField(index), [control, index]);
  const register = useCallback((handle: FieldHandle) => control.register(index, handle), [control, index]);

  const props: ControlProps = {
    field,
    state,
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
          {noteText(note, messages, context)}
        </p>
      ))}
      {state.error !== null ? (
        <p className="hitl-field-error" id={ids.error}>
          {issueText(state.error, messages, context)}
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
