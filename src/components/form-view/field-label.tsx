import { useContext, type ReactNode } from 'react';
import { cutText, DEFAULT_CONTENT_LIMITS, type HeadlessField } from '../../form';
import { enFormMessages } from '../../messages';
import { FieldEnvironmentContext, type FieldEnvironment } from './field-environment-context';
import { useLongText } from './long-text';

/** Props of `Label`. */
export interface LabelProps {
  /** On the `<label>`, legend or text label; on the text alone beside a required mark (a group is named by `aria-labelledby` to it). */
  id: string;
  /** The labelled control's id (`as="label"` only). Default: none. */
  htmlFor?: string | undefined;
  /** The label as shown. Rendered as text, isolated (`<bdi>`, or `dir="auto"` on the `<label>`). */
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
  /** A button that shows a long label in full (`useLongText`), put beside the label, never in it. Default: none. */
  toggle?: ReactNode;
}

/** A bare label's line of its own, inline as well as in the stylesheet (see `labelElements`). */
const OWN_LINE = { display: 'block' } as const;

/**
 * A label and, under it, its description. The text is isolated (`dir="auto"` on its element, or a
 * `<bdi>` beside the required mark), so bidirectional override characters in an agent's label
 * cannot reorder the text around it. The required mark is hidden from assistive technology (the
 * control says "required" itself) and kept out of the accessible name.
 */
export function Label(props: LabelProps) {
  return labelElements(props);
}

// A function, not a component: every field renders a label, and a fiber less per field is a
// measurable share of mounting a long form.
function labelElements({ id, htmlFor, text, required, as = 'label', description, descriptionId, toggle }: LabelProps) {
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
    // The group is named by `id`: with a mark beside the text, the id goes on a <bdi> holding the
    // text alone, so the name stays the agent's label.
    return (
      <>
        {mark === null ? (
          <Tag className="hitl-label" id={id} dir="auto">
            {text}
          </Tag>
        ) : (
          <Tag className="hitl-label">
            <bdi id={id}>{text}</bdi>
            {mark}
          </Tag>
        )}
        {toggle}
        {help}
      </>
    );
  }
  // dir="auto" isolates the text as <bdi> would (an override in it ends with the label) without
  // an element more in every field. The required mark sits beside the <label>, not in it, so the
  // label's text is exactly the agent's label (what getByLabelText and voice control users match
  // against): a row holds them. Without any stylesheet a label must keep a line of its own, so two
  // fields' controls never touch (WCAG's target size): the description's paragraph or the row does
  // that, and a bare label is a block by its own style (as the stylesheet makes every label). Not a
  // row for it: the rows were 180 of the 1,030 elements of a 200-field form and a fifth of its mount.
  const bare = mark === null && help === null;
  const label = (
    <label className="hitl-label" id={id} htmlFor={htmlFor} dir="auto" style={bare ? OWN_LINE : undefined}>
      {text}
    </label>
  );
  return (
    <>
      {mark === null ? (
        label
      ) : (
        <div className="hitl-label-row">
          {label}
          {mark}
        </div>
      )}
      {toggle}
      {help}
    </>
  );
}

/** The `Label` of `field` whose label text is `text`, with the toggle that shows the rest of a long one. */
function fieldLabelElements(field: HeadlessField, max: number, as: LabelProps['as'], text = field.label, toggle?: ReactNode) {
  const { id, htmlFor } = field.getLabelProps();
  const description = field.description === undefined ? undefined : cutText(field.description, max);
  return labelElements({
    id,
    htmlFor,
    text,
    toggle,
    required: field.required,
    as,
    description,
    descriptionId: field.getDescriptionProps().id,
  });
}

/** A field's `Label`, wired through its prop getters; a long label or description is cut until the person asks for all of it. */
export function FieldLabel({ field, as }: { field: HeadlessField; as?: LabelProps['as'] }) {
  const environment = useContext(FieldEnvironmentContext);
  const max = environment?.limits.maxTextLength ?? DEFAULT_CONTENT_LIMITS.maxTextLength;
  const label = useLongText(field.label, max, field.getLabelProps().id, environment?.messages ?? enFormMessages);
  return fieldLabelElements(field, max, as, label.shown, label.toggle);
}

/** The label elements last made for a field, by its `getLabelProps` (one function per field of a form), and what they show. */
const madeLabels = new WeakMap<object, { made: readonly unknown[]; elements: ReactNode }>();

/**
 * A field's label as `FieldLabel` renders it, without a component of its own while the label needs
 * no "Show all" (one fiber less in every field, which each keystroke renders). The elements are
 * made again only when what they show changed: a keystroke hands React the same elements, which it
 * then skips.
 */
export function fieldLabel(field: HeadlessField, environment: FieldEnvironment, as?: LabelProps['as']): ReactNode {
  const max = environment.limits.maxTextLength;
  if (field.label.length > max) return <FieldLabel field={field} as={as} />;
  const made = [field.label, field.required, field.description, as, max];
  const kept = madeLabels.get(field.getLabelProps);
  if (kept?.made.every((part, index) => part === made[index])) return kept.elements;
  const elements = fieldLabelElements(field, max, as);
  madeLabels.set(field.getLabelProps, { made, elements });
  return elements;
}
