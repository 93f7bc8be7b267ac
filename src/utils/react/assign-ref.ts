import type { Ref } from 'react';

/** Hands `value` to a ref of any kind (callback or object), as React does for the `ref` prop. */
export function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref !== null && ref !== undefined) ref.current = value;
}
