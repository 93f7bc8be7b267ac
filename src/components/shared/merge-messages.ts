import { useMemo } from 'react';

/**
 * The defaults with the caller's replacements on top. Entries that are not functions are ignored,
 * so `{ retry: undefined }` keeps the default instead of rendering nothing.
 */
export function mergeMessages<M extends object>(defaults: M, overrides: Partial<M> | undefined): M {
  if (overrides === undefined || overrides === null) return defaults;
  const merged = { ...defaults };
  for (const key of Object.keys(overrides) as Array<keyof M>) {
    const value = overrides[key];
    if (typeof value === 'function') merged[key] = value as M[keyof M];
  }
  return merged;
}

/** `mergeMessages`, remade only when `overrides` changes. */
export function useMessages<M extends object>(defaults: M, overrides: Partial<M> | undefined): M {
  return useMemo(() => mergeMessages(defaults, overrides), [defaults, overrides]);
}
