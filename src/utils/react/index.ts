export { assignRef } from './assign-ref';
/** React primitives shared by context, hooks and components (never by client, schema, form, store, server or testing). */
export { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect';
export { useHydrated } from './use-hydrated';
export { useLatestCallback, useLatestOptionalCallback } from './use-latest-callback';
export { inertAttribute, withRefProp } from './ref-as-prop';
export { useNow } from './use-now';
export { lazyPart } from './lazy-part';
