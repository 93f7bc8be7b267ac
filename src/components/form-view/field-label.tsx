import type { HeadlessField } from '../../form';

/** Props of `Label`. */
export interface LabelProps {
  /** On the `<label>`; inside a legend or text label, on the text (a group is named by `aria-labelledby` to it). */
  id: string;
  /** The labelled control's id (`as="label"` only). Default: none. */
  htmlFor?: string | undefined;
  /** The label as shown. Rendered as text, in `<bdi>`. */
  text: string;
  /** Shows the required mark (hidden from assistive technology, which hears the control's own "required"). */
  required: boolean;
  /**
   * `label` for native controls and the Radix ones (named through `aria-labelledby`), `legend` for
   * the library's groups, `text` for a group a slot renders (labelled by `aria-labelledby`). Default: `'label'`.
   */
  as?: 'label' | 'legend' | 'text';
  /** Help text under the label. Default: none. */
  description?: string | undefined;
  /** The description's id, which the control's `aria-describedby` names. */
  descriptionId?: string | undefined;
}

/**
 * A label and, under it, its description. The text sits in `<bdi>`, so bidirectional override
 * characters in an agent's label cannot reorder the text around it. The required mark is hidden
 * from assistive technology (the control says "required" itself) and kept out of the accessible name.
 */
export function Label({ id, htmlFor, text, required, as = 'label', description, descriptionId }: LabelProps) {
  const mark = required ? (
    <span className="hitl-required-mark" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
  const help = description ? (
    <p className="hitl-field-hint" id={descriptionId}>
      {description}
    </p>
  ) : null;
  if (as === 'legend' || as === 'text') {
    const Tag = as === 'legend' ? 'legend' : 'p';
    return (
      <>
        <Tag className="hitl-label">
          <bdi id={id}>{text}</bdi>
          {mark}
        </Tag>
        {help}
      </>
    );
  }
  // The mark sits beside the <label>, not in it, so the label's text is exactly the agent's label
  // (what getByLabelText and voice control users match against).
  return (
    <>
      <div className="hitl-label-row">
        <label className="hitl-label" id={id} htmlFor={htmlFor}>
          <bdi>{text}</bdi>
        </label>
        {mark}
      </div>
      {help}
    </>
  );
}

/** A field's `Label`, wired through its prop getters. */
export function FieldLabel({ field, as }: { field: HeadlessField; as?: LabelProps['as'] }) {
  const { id, htmlFor } = field.getLabelProps();
  return (
    <Label
      id={id}
      htmlFor={htmlFor}
      text={field.label}
      required={field.required}
      as={as}
      description={field.description}
      descriptionId={field.getDescriptionProps().id}
    />
  );
}
