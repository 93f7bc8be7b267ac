import { isPromiseLike } from '../../utils';

import type { ToolCallFormState } from './form-view';

/**
 * Moves a form through `submitting` while the caller's `onSubmit` promise is pending, to
 * `submitted` when it settles well; a rejection returns it to `idle` so the person can try again
 * (reporting the failure is the caller's job: its `onSubmit` saw it first). `isMounted` keeps a
 * late settlement from updating a form that is gone.
 */
export function followSubmission(result: unknown, setState: (state: ToolCallFormState) => void, isMounted: () => boolean): void {
  if (!isPromiseLike(result)) {
    setState('submitted');
    return;
  }
  setState('submitting');
  result.then(
    () => isMounted() && setState('submitted'),
    () => isMounted() && setState('idle'),
  );
}
