/**
 * A `form_input` call (spec §2.9) rendered with shadcn/ui: the components of `components/ui/`, as
 * `npx shadcn add` puts them in an app, wired to hitl-react's headless form.
 *
 * Why `useToolCallForm` and not `<ToolCallForm components={…}>`: a slot renders the control only;
 * the label, description, error, error summary and submit button stay the library's, styled by
 * `hitl-react/styles.css`. Here every element is shadcn's (Label, Alert, Button, …), so the form is
 * built on the hook, which gives the same model, validation, answer encoding and focus on the first
 * error as `<ToolCallForm>`, with prop getters that wire the ids, ARIA and handlers. Each field is a
 * component that subscribes to its own field (`useHeadlessField`): typing re-renders the field typed
 * in, not the form.
 *
 * Copy this folder into your app and change the `'../../src'` import to `'hitl-react'`.
 */
import { useHeadlessField, useToolCallForm, type HeadlessField, type UseToolCallFormOptions } from '../../src';
import { Alert, AlertDescription, AlertTitle } from './components/ui/alert';
import { Button } from './components/ui/button';
import { Checkbox } from './components/ui/checkbox';
import { LoaderCircleIcon } from './components/ui/icons';
import { Input } from './components/ui/input';
import { Label } from './components/ui/label';
import { RadioGroup, RadioGroupItem } from './components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './components/ui/select';
import { Switch } from './components/ui/switch';
import { Textarea } from './components/ui/textarea';
import { cn } from './lib/utils';

/** Props of `ShadcnToolCallForm`: those of `useToolCallForm` (`parameters`, `onSubmit`, `disabled`, …). */
export interface ShadcnToolCallFormProps extends UseToolCallFormOptions {
  /** Added to the `<form>`'s classes. Default: none. */
  className?: string | undefined;
}

/**
 * Renders a `form_input` call with shadcn/ui components; `onSubmit(answer, input)` receives exactly
 * what `<ToolCallForm>` would send for the same input. Every text from the agent is rendered as text.
 */
export function ShadcnToolCallForm({ className, ...options }: ShadcnToolCallFormProps) {
  const form = useToolCallForm(options);
  if (form.fatal) {
    const errors = form.problems.filter((problem) => problem.severity === 'error');
    return (
      <Alert variant="destructive">
        <AlertTitle>{form.invalidParameters}</AlertTitle>
        <AlertDescription>
          <ul className="list-inside list-disc">
            {errors.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </AlertDescription>
      </Alert>
    );
  }
  const busy = form.status === 'submitting';
  const noticeId = `${form.headingId}-notice`;
  return (
    <form {...form.getFormProps()} data-status={form.status} className={cn('grid max-w-xl gap-6', className)}>
      {form.heading ? (
        <h2 id={form.headingId} className="text-xl font-semibold tracking-tight">
          {form.heading}
        </h2>
      ) : null}
      {form.description ? <p className="text-muted-foreground text-sm whitespace-pre-line">{form.description}</p> : null}
      {form.errorSummary ? (
        // Keyed by attempt: each refused submit puts the alert in afresh, so it is announced again.
        <Alert variant="destructive" key={form.refusals}>
          <AlertDescription>{form.errorSummary}</AlertDescription>
        </Alert>
      ) : null}
      {form.fields.map((field) => (
        <ShadcnField key={field.index} field={field} />
      ))}
      {form.submitError ? (
        <Alert variant="destructive">
          <AlertDescription>{form.submitError.message}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        {/* Busy is `aria-disabled`, not `disabled`: the button keeps the focus while the answer is
            sent, and the form itself ignores a second submit. */}
        <Button type="submit" disabled={options.disabled} aria-disabled={busy || undefined} aria-describedby={noticeId}>
          {busy ? <LoaderCircleIcon className="animate-spin" /> : null}
          {form.submitLabel}
        </Button>
        {/* Who asks, said where the person answers: the request comes from the agent, not from this app. */}
        <p id={noticeId} className="text-muted-foreground text-sm">
          {form.agentNotice}
        </p>
      </div>
    </form>
  );
}

/**
 * One field: label, control, description, notes and error. It subscribes to its own field, so a
 * keystroke renders this field and nothing else.
 */
function ShadcnField({ field: given }: { field: HeadlessField }) {
  const field = useHeadlessField(given);
  const inline = field.control === 'checkbox' || field.control === 'switch';
  return (
    <div className="grid gap-2" data-slot="field" data-invalid={field.error ? true : undefined} data-disabled={field.disabled || undefined}>
      {inline ? (
        <div className="flex items-center gap-3">
          <FieldControl field={field} />
          <FieldLabel field={field} />
        </div>
      ) : (
        <>
          <FieldLabel field={field} />
          <FieldControl field={field} />
        </>
      )}
      {field.description ? (
        <p {...field.getDescriptionProps()} className="text-muted-foreground text-sm">
          {field.description}
        </p>
      ) : null}
      {field.notes.map((note, index) => (
        <p key={index} className="text-muted-foreground text-sm italic">
          {note}
        </p>
      ))}
      {field.error ? (
        <p {...field.getErrorProps()} className="text-destructive text-sm">
          {field.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The field's label. The required mark sits beside the label, hidden from assistive technology (the
 * control says "required" itself), so the label's text, the control's name, is exactly the agent's.
 * A group is named by `aria-labelledby` to this text, so it is not a `<label>` there.
 */
function FieldLabel({ field }: { field: HeadlessField }) {
  const grouped = field.control === 'radio' || field.control === 'checkbox-group';
  return (
    <div className="flex items-center gap-1">
      {grouped ? (
        <span {...field.getLabelProps()} className="text-sm leading-none font-medium">
          {field.label}
        </span>
      ) : (
        <Label {...field.getLabelProps()}>{field.label}</Label>
      )}
      {field.required ? (
        <span aria-hidden="true" className="text-destructive text-sm">
          *
        </span>
      ) : null}
    </div>
  );
}

/** Read-only Radix Select: focusable and announced, but its list never opens. */
const ignore = () => {};

/** The control of each kind, every one wired through the field's prop getters. */
function FieldControl({ field }: { field: HeadlessField }) {
  switch (field.control) {
    case 'input':
      // text, number, email, tel, url, password, date, time, datetime-local, month, week.
      return <Input {...field.getInputProps()} />;
    case 'textarea':
      return <Textarea {...field.getInputProps()} />;
    case 'range': {
      const props = field.getInputProps();
      return (
        <div className="flex items-center gap-4">
          <input
            {...props}
            className="accent-primary focus-visible:ring-ring/50 h-2 w-full cursor-pointer rounded-full outline-none focus-visible:ring-[3px] disabled:cursor-not-allowed disabled:opacity-50"
          />
          {/* The slider announces its own value; this is for the eye only, so it is not read twice. */}
          <output htmlFor={props.id} aria-hidden="true" className="min-w-8 text-right text-sm tabular-nums">
            {props.value}
          </output>
        </div>
      );
    }
    case 'checkbox': {
      // The native checkbox props, minus what a `<button role="checkbox">` does not take.
      const { type: _type, role: _role, onChange: _onChange, name: _name, value: _value, checked, ...props } = field.getInputProps();
      return <Checkbox {...props} checked={checked === true} onCheckedChange={(next) => field.setValue(next === true)} />;
    }
    case 'switch': {
      const { type: _type, role: _role, onChange: _onChange, name: _name, value: _value, checked, ...props } = field.getInputProps();
      return <Switch {...props} checked={checked === true} onCheckedChange={(next) => field.setValue(next)} />;
    }
    case 'select': {
      // A single choice. Items are keyed by position (`getOptionProps(i).value`), so option values
      // that are empty, repeated or equal as text still work; Radix allows no empty item, so there
      // is no "none" item: the placeholder shows until a choice is made.
      const { value, onChange: _onChange, name: _name, type: _type, role: _role, required, disabled, ...trigger } = field.getInputProps();
      return (
        <Select
          value={value ?? ''}
          onValueChange={(next) => field.setOption(next === '' ? null : Number(next))}
          required={required}
          disabled={disabled}
          {...(field.readOnly ? { open: false, onOpenChange: ignore } : {})}
        >
          <SelectTrigger {...trigger} aria-labelledby={field.getLabelProps().id} className="w-full">
            <SelectValue placeholder={field.placeholder} />
          </SelectTrigger>
          <SelectContent>
            {field.options.map((option, index) => (
              <SelectItem key={index} value={field.getOptionProps(index).value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      );
    }
    case 'radio': {
      // A group's props: id, role, ARIA, blur and ref (its choices come from `getOptionProps`).
      const { ref, onChange: _onChange, ...group } = field.getInputProps();
      const chosen = field.options.findIndex((_, index) => field.getOptionProps(index).checked === true);
      return (
        <RadioGroup
          {...group}
          ref={ref}
          value={chosen === -1 ? null : String(chosen)}
          onValueChange={(next) => field.setOption(Number(next))}
        >
          {field.options.map((option, index) => {
            // `onKeyDown` holds the arrow keys of a read-only group, which would move the choice with the focus.
            const { id, value, disabled, onKeyDown } = field.getOptionProps(index);
            return (
              <div key={index} className="flex items-center gap-3">
                <RadioGroupItem id={id} value={value} disabled={disabled} onKeyDown={onKeyDown} />
                <Label htmlFor={id}>{option.label}</Label>
              </div>
            );
          })}
        </RadioGroup>
      );
    }
    case 'checkbox-group': {
      // A checkbox with options, and a `multiple` select: shadcn has no multi-select, and a list of
      // checkboxes is the easiest multiple choice to use. The group's props as for a radio group.
      const { ref, onChange: _onChange, ...group } = field.getInputProps();
      return (
        <div {...group} ref={ref} className="grid gap-3">
          {field.options.map((option, index) => {
            const { id, checked, disabled, 'aria-readonly': readOnly } = field.getOptionProps(index);
            return (
              <div key={index} className="flex items-center gap-3">
                <Checkbox
                  id={id}
                  checked={checked === true}
                  disabled={disabled}
                  aria-readonly={readOnly}
                  onCheckedChange={(next) => field.setOption(index, next === true)}
                />
                <Label htmlFor={id}>{option.label}</Label>
              </div>
            );
          })}
        </div>
      );
    }
  }
}
