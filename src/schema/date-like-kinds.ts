/** The `form_input` field kinds whose value is a date or time string with a `valueAsNumber` (HTML's date-like inputs). */
export type DateLikeKind = 'date' | 'time' | 'datetime-local' | 'month' | 'week';

/** Every `DateLikeKind`. */
const DATE_LIKE_KINDS: readonly DateLikeKind[] = ['date', 'time', 'datetime-local', 'month', 'week'];

/** Whether a field kind is date-like (its limits are `valueAsNumber`s, its value a date or time string). */
export function isDateLikeKind(kind: string): kind is DateLikeKind {
  return (DATE_LIKE_KINDS as readonly string[]).includes(kind);
}
