import { useEffect, useRef, type ChangeEvent } from 'react';
import type { ControlProps } from './control-props';
import { formatDateLike, isDateLikeKind } from '../../form';
import { FieldLabel } from './field-label';

function limitAttribute(kind: string, limit: number | undefined): string | undefined {
  if (limit === undefined) return undefined;
  // Date-like limits are `valueAsNumber`s; the attribute wants them in the kind's own format.
  if (isDateLikeKind(kind)) return formatDateLike(kind, limit) ?? undefined;
  return String(limit);
}

/** Text-like, number and date-like fields as native `<input>`s, and `textarea`. */
export function TextControl({
  field,
  state,
  ids,
  shownLabel,
  disabled,
  invalidProps,
  autocomplete,
  setValue,
  onBlur,
  register,
}: ControlProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useEffect(
    () =>
      register({
        focus: () => (inputRef.current ?? textareaRef.current)?.focus(),
        // Only inputs can hold text they cannot read (a half-typed date); a textarea cannot.
        hasBadInput: () => inputRef.current?.validity?.badInput === true,
      }),
    [register],
  );
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const target = event.currentTarget;
    setValue(target.value, target.validity?.badInput === true);
  };
  const common = {
    id: ids.control,
    className: 'hitl-input',
    value: typeof state.value === 'string' ? state.value : '',
    onChange,
    onBlur,
    required: field.required,
    readOnly: field.readonly,
    disabled,
    placeholder: field.placeholder,
    minLength: field.minLength,
    maxLength: field.maxLength,
    autoComplete: autocomplete,
    'aria-describedby': invalidProps['aria-describedby'],
    'aria-invalid': invalidProps['aria-invalid'],
  };
  return (
    <>
      <FieldLabel id={ids.label} htmlFor={ids.control} text={shownLabel} required={field.required} hint={field.hint} hintId={ids.hint} />
      {field.control === 'textarea' ? (
        <textarea {...common} ref={textareaRef} rows={field.rows} cols={field.cols} />
      ) : (
        <input
          {...common}
          ref={inputRef}
          type={field.kind}
          min={limitAttribute(field.kind, field.min)}
          max={limitAttribute(field.kind, field.max)}
          // No step given means any number: HTML's default step of 1 would refuse 1.5.
          step={field.kind === 'number' ? (field.step ?? 'any') : undefined}
          pattern={field.pattern?.source}
        />
      )}
    </>
  );
}
