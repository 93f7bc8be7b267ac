/**
 * The fields of `MuiToolCallForm`: each kind in MUI's parts, every id, ARIA attribute and handler
 * taken from the field's prop getters, so labels, descriptions and errors stay wired as in
 * `<ToolCallForm>`. Text fields are built from `FormControl`, `InputLabel`, `OutlinedInput` and
 * `FormHelperText` (what `TextField` is made of) because `TextField` names its label and helper
 * text itself, and a field has a description and an error, each with the id the control points at.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import { useHeadlessField, type HeadlessField } from '../../src';

/** Kinds whose input always shows its own segments ("yyyy-mm-dd"), which a resting label would cover. */
const DATE_LIKE = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

/**
 * One field of the form. It subscribes to its own field (`useHeadlessField`), so a keystroke renders
 * this field and nothing else.
 */
export function MuiField({ field: given }: { field: HeadlessField }) {
  const field = useHeadlessField(given);
  switch (field.control) {
    case 'input':
    case 'textarea':
      return <TextLikeField field={field} />;
    case 'select':
      return <SelectField field={field} />;
    case 'checkbox':
    case 'switch':
      return <ToggleField field={field} />;
    case 'radio':
      return <RadioField field={field} />;
    case 'checkbox-group':
      return <CheckboxGroupField field={field} />;
    case 'range':
      return <RangeField field={field} />;
  }
}

/** The description, notes and error under a control, each `FormHelperText` with the id the control's `aria-describedby` names. */
function FieldHelp({ field }: { field: HeadlessField }) {
  return (
    <>
      {/* `error={false}`: inside an invalid FormControl only the error is red. */}
      {field.description ? (
        <FormHelperText {...field.getDescriptionProps()} error={false}>
          {field.description}
        </FormHelperText>
      ) : null}
      {field.notes.map((note, index) => (
        <FormHelperText key={index} error={false}>
          {note}
        </FormHelperText>
      ))}
      {field.error ? <FormHelperText {...field.getErrorProps()}>{field.error}</FormHelperText> : null}
    </>
  );
}

/** text, number, email, tel, url, password, the date-like kinds, and textarea: an outlined input. */
function TextLikeField({ field }: { field: HeadlessField }) {
  // `html`: the constraints (minLength, maxLength, min, max, step, pattern), name and aria-describedby, for the `<input>` itself.
  const {
    id,
    ref,
    value,
    onChange,
    onBlur,
    required,
    disabled,
    readOnly,
    placeholder,
    type,
    rows,
    cols: _cols,
    ...html
  } = field.getInputProps();
  const multiline = field.control === 'textarea';
  const shrink = DATE_LIKE.has(field.kind) || placeholder !== undefined ? true : undefined;
  return (
    <FormControl fullWidth error={field.error !== undefined} required={required} disabled={disabled}>
      <InputLabel {...field.getLabelProps()} shrink={shrink}>
        {field.label}
      </InputLabel>
      <OutlinedInput
        id={id}
        inputRef={ref}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        type={multiline ? undefined : type}
        readOnly={readOnly}
        placeholder={placeholder}
        label={field.label}
        notched={shrink}
        multiline={multiline}
        minRows={multiline ? (rows ?? 2) : undefined}
        inputProps={html}
      />
      <FieldHelp field={field} />
    </FormControl>
  );
}

/**
 * A single choice: MUI's Select (a `role="combobox"` with a listbox menu). Items are keyed by
 * position (`getOptionProps(i).value`), so option values that are empty, repeated or equal as text
 * still work; the empty item, with the placeholder, clears the choice.
 */
function SelectField({ field }: { field: HeadlessField }) {
  const {
    id,
    ref,
    value,
    onBlur,
    required,
    disabled,
    'aria-describedby': describedBy,
    'aria-readonly': ariaReadOnly,
  } = field.getInputProps();
  const { id: labelId } = field.getLabelProps();
  return (
    <FormControl fullWidth error={field.error !== undefined} required={required} disabled={disabled}>
      <InputLabel id={labelId}>{field.label}</InputLabel>
      <Select
        labelId={labelId}
        label={field.label}
        value={value ?? ''}
        onChange={(event) => field.setOption(event.target.value === '' ? null : Number(event.target.value))}
        onBlur={onBlur}
        // MUI hands `inputRef` a handle whose `focus()` focuses the combobox: the form focuses it after a refused submit.
        inputRef={ref}
        readOnly={field.readOnly}
        // Named by the label alone, as the library's select is: MUI would add the shown value to the
        // name, which a screen reader then reads twice (name, then value).
        SelectDisplayProps={{ id, 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-readonly': ariaReadOnly }}
      >
        <MenuItem value="">
          <em>{field.placeholder}</em>
        </MenuItem>
        {field.options.map((option, index) => (
          <MenuItem key={index} value={field.getOptionProps(index).value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
      <FieldHelp field={field} />
    </FormControl>
  );
}

/** A checkbox without options, or a switch: MUI's Checkbox or Switch in a FormControlLabel. */
function ToggleField({ field }: { field: HeadlessField }) {
  const {
    id,
    ref,
    checked,
    onBlur,
    required,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    'aria-readonly': readOnly,
  } = field.getInputProps();
  const Control = field.control === 'switch' ? Switch : Checkbox;
  return (
    <FormControl error={field.error !== undefined} required={required} disabled={disabled}>
      <FormControlLabel
        {...field.getLabelProps()}
        label={field.label}
        required={required}
        control={
          <Control
            id={id}
            checked={checked === true}
            onChange={(_, next) => field.setValue(next)}
            onBlur={onBlur}
            slotProps={{ input: { ref, 'aria-describedby': describedBy, 'aria-invalid': invalid, 'aria-readonly': readOnly } }}
          />
        }
      />
      <FieldHelp field={field} />
    </FormControl>
  );
}

/** A single choice among radios: MUI's RadioGroup, named by its FormLabel as MUI's docs do it. */
function RadioField({ field }: { field: HeadlessField }) {
  // A group's props: id, role, ARIA, blur and ref (its choices come from `getOptionProps`).
  const { ref, onChange: _onChange, ...group } = field.getInputProps();
  const chosen = field.options.findIndex((_, index) => field.getOptionProps(index).checked === true);
  return (
    <FormControl error={field.error !== undefined} required={field.required} disabled={field.disabled}>
      <FormLabel {...field.getLabelProps()}>{field.label}</FormLabel>
      <RadioGroup
        {...group}
        ref={ref}
        name={group.id}
        value={chosen === -1 ? '' : String(chosen)}
        onChange={(_, next) => field.setOption(Number(next))}
      >
        {field.options.map((option, index) => {
          // `onKeyDown` holds the arrow keys of a read-only group, which would move the choice with the focus.
          const { id, value, disabled, onKeyDown } = field.getOptionProps(index);
          return (
            <FormControlLabel
              key={index}
              value={value}
              label={option.label}
              disabled={disabled}
              control={<Radio id={id} slotProps={{ input: { onKeyDown } }} />}
            />
          );
        })}
      </RadioGroup>
      <FieldHelp field={field} />
    </FormControl>
  );
}

/**
 * A checkbox with options, and a `multiple` select: checkboxes in a fieldset, MUI's pattern for
 * several choices (a list of checkboxes is easier to use than a multiple select menu).
 */
function CheckboxGroupField({ field }: { field: HeadlessField }) {
  const { ref, onChange: _onChange, ...group } = field.getInputProps();
  return (
    <FormControl {...group} ref={ref} component="fieldset" error={field.error !== undefined} disabled={field.disabled}>
      <FormLabel {...field.getLabelProps()} component="legend">
        {field.label}
      </FormLabel>
      <FormGroup>
        {field.options.map((option, index) => {
          const { id, checked, disabled, 'aria-readonly': readOnly } = field.getOptionProps(index);
          return (
            <FormControlLabel
              key={index}
              label={option.label}
              disabled={disabled}
              control={
                <Checkbox
                  id={id}
                  checked={checked === true}
                  onChange={(_, next) => field.setOption(index, next)}
                  slotProps={{ input: { 'aria-readonly': readOnly } }}
                />
              }
            />
          );
        })}
      </FormGroup>
      <FieldHelp field={field} />
    </FormControl>
  );
}

/** A range: MUI's Slider, whose hidden `<input type="range">` takes the field's id, ARIA and ref. */
function RangeField({ field }: { field: HeadlessField }) {
  const {
    id,
    ref,
    value,
    min,
    max,
    step,
    disabled,
    onBlur,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    'aria-readonly': readOnly,
  } = field.getInputProps();
  return (
    <FormControl fullWidth error={field.error !== undefined} disabled={disabled}>
      <FormLabel {...field.getLabelProps()}>{field.label}</FormLabel>
      <Slider
        // HTML's defaults for a range: 0 to 100, step 1.
        value={Number(value)}
        min={min === undefined ? 0 : Number(min)}
        max={max === undefined ? 100 : Number(max)}
        step={step === undefined ? 1 : Number(step)}
        disabled={disabled}
        onChange={(_, next) => field.setValue(next)}
        valueLabelDisplay="auto"
        slotProps={{ input: { id, ref, onBlur, 'aria-describedby': describedBy, 'aria-invalid': invalid, 'aria-readonly': readOnly } }}
      />
      <FieldHelp field={field} />
    </FormControl>
  );
}
