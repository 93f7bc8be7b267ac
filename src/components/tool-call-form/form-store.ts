import type { FieldValue } from './form-model';

/** What one field shows: its value, whether the browser holds unreadable input, its error. */
export interface FieldSnapshot {
  readonly value: FieldValue;
  /** The element holds text it cannot read as its kind (a half-typed date, "1e"). */
  readonly badInput: boolean;
  /** The message shown, or null while the field shows no error. */
  readonly error: string | null;
}

/** What a rendered field lends the form: focus for a refused submit, and the element's own view of its input. */
export interface FieldHandle {
  focus(): void;
  hasBadInput?(): boolean;
}

/**
 * The values and errors of one form, one slot per field.
 *
 * Each field subscribes to its own slot only, so typing in one field of a 200-field form
 * re-renders that field and nothing else, and no keystroke costs work proportional to the number
 * of fields. Snapshots are replaced, never mutated, so `useSyncExternalStore` sees every change.
 */
export class FormStore {
  private readonly snapshots: FieldSnapshot[];
  private readonly listeners: Array<Set<() => void>>;
  private readonly errorListeners = new Set<() => void>();
  private readonly handles = new Map<number, FieldHandle>();
  private errorCount = 0;
  /** Set by the first submit; from then on every field is validated when it loses focus. */
  submitted = false;

  constructor(initial: readonly FieldValue[]) {
    this.snapshots = initial.map((value) => ({ value, badInput: false, error: null }));
    this.listeners = initial.map(() => new Set());
  }

  get(index: number): FieldSnapshot {
    const snapshot = this.snapshots[index];
    if (!snapshot) throw new RangeError(`No field ${index}`);
    return snapshot;
  }

  subscribe(index: number, listener: () => void): () => void {
    const set = this.listeners[index];
    set?.add(listener);
    return () => set?.delete(listener);
  }

  setValue(index: number, value: FieldValue, badInput = false): void {
    const current = this.get(index);
    if (Object.is(current.value, value) && current.badInput === badInput) return;
    this.replace(index, { ...current, value, badInput });
  }

  setError(index: number, error: string | null): void {
    const current = this.get(index);
    if (current.error === error) return;
    const countChanged = (current.error === null) !== (error === null);
    this.errorCount += countChanged ? (error === null ? -1 : 1) : 0;
    this.replace(index, { ...current, error });
    if (countChanged) for (const listener of this.errorListeners) listener();
  }

  /** How many fields show an error. */
  getErrorCount = (): number => this.errorCount;

  subscribeErrors = (listener: () => void): (() => void) => {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  };

  register(index: number, handle: FieldHandle): () => void {
    this.handles.set(index, handle);
    return () => {
      if (this.handles.get(index) === handle) this.handles.delete(index);
    };
  }

  handle(index: number): FieldHandle | undefined {
    return this.handles.get(index);
  }

  values(): FieldValue[] {
    return this.snapshots.map((snapshot) => snapshot.value);
  }

  private replace(index: number, snapshot: FieldSnapshot): void {
    this.snapshots[index] = snapshot;
    for (const listener of this.listeners[index] ?? []) listener();
  }
}
