/** Props of `FieldLabel`. */
export interface FieldLabelProps {
  /** `label` for native controls and the Radix ones (named through `aria-labelledby`), `legend` for groups. Default: `'label'`. */
  as?: 'label' | 'legend';
  /** On the `<label>`; on the text inside a `<legend>` (a group is named by `aria-labelledby` to it). */
  id: string;
  /** The labelled control's id (`<label>` only). Default: none. */
  htmlFor?: string;
  /** The label as shown: the agent's, or the generated "Field 3". Rendered as text, in `<bdi>`. */
  text: string;
  /** Shows the required mark (hidden from assistive technology, which hears the control's own "required"). */
  required: boolean;
  /** The field's hint (a note about it), shown after the label. Default: none. */
  hint?: string | undefined;
  /** The hint's id, which error `aria-describedby`s and notes refer to. Default: none. */
  hintId?: string;
}

/**
 * A field's label. The agent's text sits in `<bdi>`, so bidirectional override characters in it
 * cannot reorder the text around it. The required mark is hidden from assistive technology (the
 * control says "required" itself) and kept out of the accessible name.
 */
export function FieldLabel({ as = 'label', id, htmlFor, text, required, hint, hintId }: FieldLabelProps) {
  return (
    <>
      <LabelOnly as={as} id={id} htmlFor={htmlFor} text={text} required={required} />
      {hint ? (
        <p className="hitl-field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </>
  );
}

function LabelOnly({ as = 'label', id, htmlFor, text, required }: FieldLabelProps) {
  const mark = required ? (
    <span className="hitl-required-mark" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
  if (as === 'legend') {
    return (
      <legend className="hitl-label">
        <bdi id={id}>{text}</bdi>
        {mark}
      </legend>
    );
  }
  // The mark sits beside the <label>, not in it, so the label's text is exactly the agent's label
  // (what getByLabelText and voice control users match against).
  return (
    <div className="hitl-label-row">
      <label className="hitl-label" id={id} htmlFor={htmlFor}>
        <bdi>{text}</bdi>
      </label>
      {mark}
    </div>
  );
}
