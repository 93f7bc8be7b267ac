import { useCallback, useMemo, useRef, useState } from 'react';
import { quiet, toError } from '../utils';
import { useIsomorphicLayoutEffect } from '../utils/react';

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
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Called after each failure. Default: none. */
  onError?: (error: Error, variables: TVariables) => void;
}

interface State<TData, TVariables> {
  status: MutationStatus;
  data: TData | undefined;
  error: Error | undefined;
  variables: TVariables | undefined;
}

const IDLE: State<never, never> = { status: 'idle', data: undefined, error: undefined, variables: undefined };

function identity(variables: unknown): string | undefined {
  try {
    return JSON.stringify(variables) ?? 'undefined';
  } catch {
    // Not encodable: such calls are simply not de-duplicated.
    return undefined;
  }
}

/** The state machine shared by the mutation hooks. `run` may change between renders; the latest is used. */
export function useMutation<TData, TVariables>(
  run: (variables: TVariables) => Promise<TData>,
  options: MutationOptions<TData, TVariables>,
): MutationResult<TData, TVariables> {
  const [state, setState] = useState<State<TData, TVariables>>(IDLE);
  /** The call whose outcome `state` shows; none after `reset()`. */
  const shown = useRef<Promise<TData> | undefined>(undefined);
  const pending = useRef(new Map<string, Promise<TData>>());
  const latest = useRef({ run, options });
  useIsomorphicLayoutEffect(() => {
    latest.current = { run, options };
  });

  const mutate = useCallback((variables: TVariables): Promise<TData> => {
    const id = identity(variables);
    const open = id === undefined ? undefined : pending.current.get(id);
    if (open !== undefined) {
      // Joined after `reset()` or a call with other variables: this is the latest call again, so
      // its outcome is what `state` shows.
      if (shown.current !== open) {
        shown.current = open;
        setState({ status: 'pending', data: undefined, error: undefined, variables });
      }
      return open;
    }
    let started: Promise<TData>;
    try {
      started = latest.current.run(variables);
    } catch (error) {
      started = Promise.reject(error);
    }
    const promise = started.then(
      (data) => {
        if (shown.current === promise) setState({ status: 'success', data, error: undefined, variables });
        latest.current.options.onSuccess?.(data, variables);
        return data;
      },
      (cause: unknown) => {
        const error = toError(cause);
        if (shown.current === promise) setState({ status: 'error', data: undefined, error, variables });
        latest.current.options.onError?.(error, variables);
        throw error;
      },
    );
    shown.current = promise;
    setState({ status: 'pending', data: undefined, error: undefined, variables });
    if (id !== undefined) {
      pending.current.set(id, promise);
      const clear = () => {
        if (pending.current.get(id) === promise) pending.current.delete(id);
      };
      promise.then(clear, clear);
    }
    return quiet(promise);
  }, []);

  const reset = useCallback(() => {
    shown.current = undefined;
    setState(IDLE);
  }, []);

  return useMemo(
    () => ({
      mutate,
      reset,
      data: state.data,
      error: state.error,
      status: state.status,
      isPending: state.status === 'pending',
      variables: state.variables,
    }),
    [mutate, reset, state],
  );
}
