import { quiet, toError } from '../utils';
import { Subscribable } from './store-observer';

/** Where a mutation stands. */
export type MutationStatus = 'idle' | 'pending' | 'success' | 'error';

/** What every mutation hook (`useCreateTask`, `useStopRun`, `useStopTask`) returns. */
export interface MutationResult<TData, TVariables> {
  /**
   * Runs the mutation and resolves with its data (rejects with its error; ignoring the promise is
   * safe, the outcome is also in `status`/`error`). A call with the same variables as one still
   * pending returns that call's promise and sends nothing, so a double click acts once.
   */
  readonly mutate: (variables: TVariables) => Promise<TData>;
  /** Data of the latest call, once it succeeded. */
  readonly data: TData | undefined;
  /** Error of the latest call, once it failed. */
  readonly error: Error | undefined;
  readonly status: MutationStatus;
  /** `status === 'pending'`. */
  readonly isPending: boolean;
  /** Variables of the latest call. */
  readonly variables: TVariables | undefined;
  /** Back to `idle`. A call still pending is not cancelled (it may already have reached the service); its outcome is no longer shown. */
  readonly reset: () => void;
}

export interface MutationOptions<TData, TVariables> {
  /** Called after each success. Default: none. */
  onSuccess?: ((data: TData, variables: TVariables) => void) | undefined;
  /** Called after each failure. Default: none. */
  onError?: ((error: Error, variables: TVariables) => void) | undefined;
}

function identity(variables: unknown): string | undefined {
  try {
    return JSON.stringify(variables) ?? 'undefined';
  } catch {
    // Not encodable: such calls are simply not de-duplicated.
    return undefined;
  }
}

/**
 * The state machine of one mutation hook, without React (TanStack Query's `MutationObserver`):
 * `mutate` joins an identical call still pending, the state shows the latest call, and `reset`
 * hides an outcome without cancelling what may already have reached the service.
 */
export class MutationObserver<TData, TVariables> extends Subscribable {
  private result!: MutationResult<TData, TVariables>;
  /** The call whose outcome the state shows; none after `reset()`. */
  private shown: Promise<TData> | undefined;
  private readonly pending = new Map<string, Promise<TData>>();

  constructor(
    private run: (variables: TVariables) => Promise<TData>,
    private options: MutationOptions<TData, TVariables> = {},
  ) {
    super();
    this.set('idle', undefined, undefined, undefined);
  }

  /** The function and callbacks of the latest render; calls already made keep theirs. */
  setOptions(run: (variables: TVariables) => Promise<TData>, options: MutationOptions<TData, TVariables>): void {
    this.run = run;
    this.options = options;
  }

  readonly getCurrentResult = (): MutationResult<TData, TVariables> => this.result;

  readonly mutate = (variables: TVariables): Promise<TData> => {
    const id = identity(variables);
    const open = id === undefined ? undefined : this.pending.get(id);
    if (open !== undefined) {
      // Joined after `reset()` or a call with other variables: this is the latest call again, so
      // its outcome is what the state shows.
      if (this.shown !== open) {
        this.shown = open;
        this.set('pending', undefined, undefined, variables);
      }
      return open;
    }
    let started: Promise<TData>;
    try {
      started = this.run(variables);
    } catch (error) {
      started = Promise.reject(toError(error));
    }
    const promise: Promise<TData> = started.then(
      (data) => {
        if (this.shown === promise) this.set('success', data, undefined, variables);
        this.options.onSuccess?.(data, variables);
        return data;
      },
      (cause: unknown) => {
        const error = toError(cause);
        if (this.shown === promise) this.set('error', undefined, error, variables);
        this.options.onError?.(error, variables);
        throw error;
      },
    );
    this.shown = promise;
    this.set('pending', undefined, undefined, variables);
    if (id !== undefined) {
      this.pending.set(id, promise);
      const clear = () => {
        if (this.pending.get(id) === promise) this.pending.delete(id);
      };
      promise.then(clear, clear);
    }
    return quiet(promise);
  };

  readonly reset = (): void => {
    this.shown = undefined;
    this.set('idle', undefined, undefined, undefined);
  };

  private set(status: MutationStatus, data: TData | undefined, error: Error | undefined, variables: TVariables | undefined): void {
    this.result = Object.freeze({
      mutate: this.mutate,
      reset: this.reset,
      data,
      error,
      status,
      isPending: status === 'pending',
      variables,
    });
    this.notify();
  }
}
