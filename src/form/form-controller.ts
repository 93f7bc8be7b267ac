import { encodeFormAnswer, type FormAnswer, type FormField, type FormInputProblem } from '../schema';
import { isPromiseLike, isRecord } from '../utils';
import { resolveContentLimits, type ContentLimits } from './content-limits';
import type { FormModel } from './field-model';
import { createFormControl, type FormControl } from './form-control';

/**
 * Where a form stands: `idle` while editing; `submitting` while `onSubmit`'s promise is pending;
 * `submitted` once it settled well, after which the form takes no other answer (submits are
 * ignored and every field is read-only) until `reset()` or a new form, unless `allowResubmit`;
 * `error` after a submit that validation refused (until every error is fixed) or whose `onSubmit`
 * rejected (the values are kept and the person may submit again).
 */
export type FormStatus = 'idle' | 'submitting' | 'submitted' | 'error';

/** What a refused submit left: which fields, in order; `attempt` counts refusals, so each is announced again. */
export interface RefusedSubmit {
  readonly attempt: number;
  readonly invalid: readonly number[];
}

/** The form-level state of a controller. Replaced, never mutated, on every change. */
export interface FormControllerState {
  readonly status: FormStatus;
  /** The last refused submit while its errors stand; null otherwise. */
  readonly refused: RefusedSubmit | null;
  /** Why `onSubmit` rejected, while `status` is `error` for that reason. */
  readonly submitError: Error | undefined;
}

export interface FormControllerOptions {
  /**
   * The form: `buildFormModel(parameters, limits)` for a `form_input` call, or a form generated from
   * a JSON Schema. Given rather than built here, so a page of generated forms does not ship the
   * `form_input` checker.
   */
  model: FormModel;
  /** The `parameters` of the `form_input` call the model was read from (its fields as sent, `rawFields`); untrusted. Default: none. */
  parameters?: unknown;
  /** A draft to start from, as `answer()` gives it; untrusted. Default: the fields' defaults. */
  defaultValues?: FormAnswer | undefined;
  /** What the form accepts from the agent before it stops and says so. Default: `DEFAULT_CONTENT_LIMITS`. */
  limits?: Partial<ContentLimits> | undefined;
  /** Turns the values into the string sent as the answer. Default: `encodeFormAnswer(control.answer())`. */
  encode?: ((control: FormControl) => string) | undefined;
  /** Receives a validated answer and its encoding; a promise keeps the form `submitting`. */
  onSubmit?: ((answer: FormAnswer, input: string) => unknown) | undefined;
  /** Submits are ignored while it returns true (the form is disabled). */
  isDisabled?: (() => boolean) | undefined;
  /** Whether a form whose answer was sent takes another (read when it matters). Default: never: one answer per form. */
  allowResubmit?: (() => boolean) | undefined;
}

/**
 * One form and the rules around submitting it: the model and its `FormControl`, the submit
 * (validate everything, refuse with the invalid fields, or send and follow the promise), reset,
 * and which field should get focus after a refusal. Framework-free; `useToolCallForm` binds it.
 */
export interface FormController {
  readonly model: FormModel;
  readonly control: FormControl;
  /** The limits the model was read with. */
  readonly limits: ContentLimits;
  /** The agent's fields, as sent (one per model field; `{}` where the agent sent no object). */
  readonly rawFields: readonly FormField[];
  /** The problems of the parameters (`model.problems`). */
  readonly problems: readonly FormInputProblem[];
  getState: () => FormControllerState;
  subscribe: (listener: () => void) => () => void;
  /** The answer was sent and the form takes no other (`submitted`, without `allowResubmit`): submits are ignored, fields read-only. */
  isLocked: () => boolean;
  /** Validates; refuses (focus goes to the first invalid field at `flushFocus`) or sends. Ignored while submitting, locked (`isLocked`) or disabled. */
  submit: () => void;
  /** Back to the start values, no errors, `idle`: the form takes an answer again. */
  reset: () => void;
  /** Moves focus where the last refusal asked, once; call after the view shows the errors. */
  flushFocus: () => void;
  /** The problems of the parameters the first time it is called, if there are any; nothing after (a report is made once per form). */
  takeProblems: () => FormInputProblem[] | undefined;
  /** Calls `listener` with the whole answer after every change of a value. */
  watchAnswer: (listener: (answer: FormAnswer) => void) => () => void;
}

/** The agent's field `index` as sent, or `{}`: never throws, whatever object the parameters are. */
function sentField(parameters: unknown, index: number): FormField {
  try {
    const fields = isRecord(parameters) ? parameters.fields : undefined;
    const field: unknown = Array.isArray(fields) ? fields[index] : undefined;
    return isRecord(field) ? (field as FormField) : ({} as FormField);
  } catch {
    return {} as FormField;
  }
}

const IDLE: FormControllerState = Object.freeze({ status: 'idle', refused: null, submitError: undefined });

/** Makes the controller of one form; see `FormController`. */
export function createFormController(options: FormControllerOptions): FormController {
  const limits = resolveContentLimits(options.limits);
  const { model } = options;
  const control = createFormControl(model, { defaultValues: options.defaultValues });
  const rawFields = model.fields.map((field) => sentField(options.parameters, field.index));
  const listeners = new Set<() => void>();
  let state = IDLE;
  let focusPending: number | undefined;
  let attempts = 0;
  let problemsTaken = false;
  // Bumped by reset, so a promise of an earlier submit cannot move a fresh form.
  let generation = 0;

  const isLocked = () => state.status === 'submitted' && options.allowResubmit?.() !== true;
  const set = (next: Partial<FormControllerState>) => {
    state = Object.freeze({ ...state, ...next });
    for (const listener of [...listeners]) listener();
  };

  // Once every error is fixed, a refusal is out of date: the summary goes and the form is idle again.
  control.subscribe(() => {
    if (control.getFormState().errorCount === 0 && state.refused !== null) set({ status: 'idle', refused: null });
  });

  const follow = (result: unknown) => {
    if (!isPromiseLike(result)) {
      set({ status: 'submitted', refused: null, submitError: undefined });
      return;
    }
    const mine = generation;
    set({ status: 'submitting', refused: null, submitError: undefined });
    result.then(
      () => mine === generation && set({ status: 'submitted' }),
      (cause: unknown) =>
        mine === generation && set({ status: 'error', submitError: cause instanceof Error ? cause : new Error(String(cause)) }),
    );
  };

  return {
    model,
    control,
    limits,
    rawFields,
    problems: model.problems,
    getState: () => state,
    isLocked,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    submit() {
      // One answer per form: a sent one is not sent again (a second click, Enter in a field).
      if (model.fatal || state.status === 'submitting' || isLocked() || options.isDisabled?.() === true) return;
      const invalid = control.validateAll();
      if (invalid.length > 0) {
        focusPending = invalid[0];
        attempts += 1;
        set({ status: 'error', refused: { attempt: attempts, invalid }, submitError: undefined });
        return;
      }
      const input = options.encode ? options.encode(control) : encodeFormAnswer(control.answer());
      let result: unknown;
      try {
        result = options.onSubmit?.(control.answer(), input);
      } catch (error) {
        result = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      follow(result);
    },
    reset() {
      generation += 1;
      focusPending = undefined;
      control.reset();
      set(IDLE);
    },
    flushFocus() {
      if (focusPending === undefined) return;
      const index = focusPending;
      focusPending = undefined;
      control.focusField(index);
    },
    takeProblems() {
      if (problemsTaken || model.problems.length === 0) return undefined;
      problemsTaken = true;
      return [...model.problems];
    },
    watchAnswer: (listener) => control.watch(() => listener(control.answer())),
  };
}
