import { lazy, type ComponentType } from 'react';

/** How long a part whose chunk failed to load waits before it is fetched again. */
const RETRY_MS = 3000;

/**
 * `React.lazy` for a part a component loads when first shown. A chunk that fails to load (offline,
 * a new deployment) is fetched again after a pause instead of being thrown into the page, where
 * no error boundary may catch it and the whole page would go blank: meanwhile the part's
 * `Suspense` fallback (a busy placeholder) stays in its place.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      () => new Promise<void>((resolve) => setTimeout(resolve, RETRY_MS)).then(attempt),
    );
  return lazy(attempt);
}
