/** The element ids of one field. */
export interface FieldIds {
  /** The control (or the group of a radio or checkbox group). */
  control: string;
  /** The label (the text inside the `<legend>` of a group). */
  label: string;
  /** The error message, which an invalid control's `aria-describedby` names. */
  error: string;
  /** The hint under the label. */
  hint: string;
}

/** The ids of field `index`'s elements; unique per form, whatever the labels (which may repeat). */
export function fieldIds(idBase: string, index: number): FieldIds {
  const control = `${idBase}-field-${index}`;
  return { control, label: `${control}-label`, error: `${control}-error`, hint: `${control}-hint` };
}
