import { useEffect, useRef, useState } from 'react';
import { isPromiseLike } from '../../utils';
import { useLatestCallback } from '../../utils/react';

/** Where the prompt's one answer stands: not sent, on its way, or accepted by `submit`. */
type SingleAnswerStatus = 'idle' | 'submitting' | 'submitted';

/**
 * Sends at most one answer through `submit` (a string for `tool-input`, or any value: the decisions
 * of an approval request). The guard is a ref, set before `submit` is called, so a
 * second click in the same frame (before React re-renders the buttons busy) sends nothing. A
 * rejected promise clears it, so the person can decide again; it is passed on, because the caller
 * that reports the failure (`<RunViewer>`, a generated form's state) needs to see it.
 */
export function useSingleAnswer<T = string>(submit: (input: T) => void | Promise<void>) {
  const [status, setStatus] = useState<SingleAnswerStatus>('idle');
  const sending = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const send = useLatestCallback((input: T): Promise<void> | undefined => {
    if (sending.current) return undefined;
    sending.current = true;
    let result: unknown;
    try {
      result = submit(input);
    } catch (error) {
      sending.current = false;
      throw error;
    }
    if (!isPromiseLike(result)) {
      setStatus('submitted');
      return undefined;
    }
    setStatus('submitting');
    return Promise.resolve(result).then(
      () => {
        if (mounted.current) setStatus('submitted');
      },
      (error: unknown) => {
        sending.current = false;
        if (mounted.current) setStatus('idle');
        throw error;
      },
    );
  });

  return { status, send };
}
