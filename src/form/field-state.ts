/** The state of one field, and what the prop getters need of the form (kept apart so the getters need nothing else). */
import type { FieldIssue } from './field-issue';
import type { FieldModel, FieldValue } from './field-model';

/** What one field shows. Replaced, never mutated, on every change, so `useSyncExternalStore` sees it change. */
export interface FieldState {
  /** The editing value (see `FieldValue`). */
  readonly value: FieldValue;
  /** The element holds input it cannot read as its kind (a half-typed date, "1e"). */
  readonly badInput: boolean;
  /** The issue the field shows, or null while it shows none. Set by validation only, never by typing alone. */
  readonly error: FieldIssue | null;
}

/** What a rendered field lends the form: focus for a refused submit, and the element's own view of its input. */
export interface FieldHandle {
  /** Moves focus to the field's control. */
  focus: () => void;
  /** Whether the element holds input it cannot read, which can begin without a change event. Default: the last `badInput` given to `setValue`. */
  hasBadInput?: () => boolean;
}

/** Options of `FormControl.setValue`. */
export interface SetValueOptions {
  /** The element holds input it cannot read as the kind (`validity.badInput`). Default: false. */
  badInput?: boolean;
}

/** The part of a form's control that a field's prop getters work through. */
export interface FieldStateOwner {
  readonly fields: readonly FieldModel[];
  getFieldState: (index: number) => FieldState;
  setValue: (index: number, value: FieldValue, options?: SetValueOptions) => void;
  blurField: (index: number) => void;
  register: (index: number, handle: FieldHandle) => () => void;
}
