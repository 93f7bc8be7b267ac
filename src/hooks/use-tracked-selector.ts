import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useIsomorphicLayoutEffect } from '../utils/react';

type Fields = Record<string, unknown>;

const NO_FIELDS: readonly never[] = [];

function shallowEqual(a: object, b: object): boolean {
  const left = a as Fields;
  const right = b as Fields;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!Object.is(left[key], right[key])) return false;
  return true;
}

/**
 * Reads a store through `useSyncExternalStore`, re-rendering only when a field the component has
 * actually read changes (like TanStack Query's tracked results). A component that shows `data` is
 * not re-rendered by the `isFetching` flips of a poll whose data did not change.
 *
 * @param subscribe Subscribes to every store change that may affect `select`; stable while its inputs are.
 * @param select Reads the fields from the store; may return a new object, but each field must keep
 *   its reference while unchanged.
 * @param serverState What the server (and hydration) renders. Must be stable.
 * @param extras Fields that are not store state (functions); stable, not tracked.
 * @param ownFields Fields the hook itself acts on (e.g. `isTerminal` to start a fetch): a change of
 *   these always re-renders, without counting as the component having read them.
 * @returns `result` for the component (tracked), and `state`, the same fields untracked.
 */
export function useTrackedSelector<S extends object, E extends object>(
  subscribe: (onChange: () => void) => () => void,
  select: () => S,
  serverState: S,
  extras: E,
  ownFields: readonly (keyof S & string)[] = NO_FIELDS,
): { result: Readonly<S & E>; state: S } {
  const cache = useRef<S | undefined>(undefined);
  const tracked = useRef(new Set<string>());
  const rendered = useRef<S | undefined>(undefined);

  // Same object while nothing changed, as `useSyncExternalStore` requires.
  const getSnapshot = (): S => {
    const next = select();
    const previous = cache.current;
    if (previous !== undefined && shallowEqual(previous, next)) return previous;
    cache.current = next;
    return next;
  };
  const latestGetSnapshot = useRef(getSnapshot);
  useIsomorphicLayoutEffect(() => {
    latestGetSnapshot.current = getSnapshot;
  });

  const gatedSubscribe = useCallback(
    (onChange: () => void) =>
      subscribe(() => {
        const before = rendered.current;
        const after = latestGetSnapshot.current();
        if (before === after) return;
        if (before !== undefined && ownFields.some((key) => !Object.is((before as Fields)[key], (after as Fields)[key]))) {
          onChange();
          return;
        }
        // Until a field has been read, every change counts: code that reads the result later (in an
        // effect, a callback, a test) must not see it frozen.
        if (before !== undefined && tracked.current.size > 0) {
          let changed = false;
          for (const key of tracked.current) {
            if (!Object.is((before as Fields)[key], (after as Fields)[key])) {
              changed = true;
              break;
            }
          }
          if (!changed) return;
        }
        onChange();
      }),
    // `ownFields` is a constant list per hook, so it is not a dependency.
    [subscribe],
  );

  const state = useSyncExternalStore(gatedSubscribe, getSnapshot, () => serverState);
  useIsomorphicLayoutEffect(() => {
    rendered.current = state;
  });

  const result = useMemo(() => {
    const result = {} as S & E;
    for (const key of Object.keys(state)) {
      Object.defineProperty(result, key, {
        enumerable: true,
        get() {
          tracked.current.add(key);
          return (state as Fields)[key];
        },
      });
    }
    Object.assign(result, extras);
    return Object.freeze(result);
  }, [state, extras]);
  // `state` is for the hook's own use: reading it does not count as the component reading a field.
  return { result, state };
}
