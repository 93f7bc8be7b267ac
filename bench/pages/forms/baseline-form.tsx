// The hand-written baseline: native controls, each field a component with one useState, values
// controlled. The cheapest a React form gets: a keystroke re-renders one field. Shared by its own
// page (baseline.tsx) and the side-by-side page.
import { useId, useState, type ReactElement } from 'react';
import type { BenchField } from '../../fixtures/mixed-form';

function Field({ field }: { field: BenchField }) {
  const id = useId();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [number, setNumber] = useState(5);
  const label = (
    <label htmlFor={id} style={{ display: 'block' }}>
      {field.label}
    </label>
  );
  switch (field.kind) {
    case 'checkbox':
    case 'switch':
      return (
        <div>
          <input
            id={id}
            type="checkbox"
            role={field.kind === 'switch' ? 'switch' : undefined}
            checked={checked}
            onChange={(event) => setChecked(event.target.checked)}
          />
          {label}
        </div>
      );
    case 'select':
      return (
        <div>
          {label}
          <select id={id} value={text} onChange={(event) => setText(event.target.value)}>
            <option value="">Choose…</option>
            {field.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      );
    case 'radio':
      return (
        <fieldset>
          <legend>{field.label}</legend>
          {field.options?.map((option) => (
            <label key={option.value}>
              <input type="radio" name={id} value={option.value} checked={text === option.value} onChange={() => setText(option.value)} />
              {option.label}
            </label>
          ))}
        </fieldset>
      );
    case 'textarea':
      return (
        <div>
          {label}
          <textarea id={id} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
      );
    case 'range':
      return (
        <div>
          {label}
          <input id={id} type="range" min={0} max={10} value={number} onChange={(event) => setNumber(event.target.valueAsNumber)} />
          <output htmlFor={id}>{number}</output>
        </div>
      );
    default:
      return (
        <div>
          {label}
          <input id={id} type={field.kind} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
      );
  }
}

/** The form of `fields`, as `installFormBench` takes it. */
export function baselineForm(fields: BenchField[]): () => ReactElement {
  return () => (
    <form onSubmit={(event) => event.preventDefault()}>
      <h2>A form of {fields.length} fields</h2>
      {fields.map((field) => (
        <Field key={field.name} field={field} />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}
