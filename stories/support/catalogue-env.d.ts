/** Vite's `?inline` CSS import: the processed stylesheet as a string, not injected. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}

/**
 * Defined by the catalogue's Vite plugin (`.storybook/main.ts`): true when the server answers the
 * simulator's per-run live view and recording addresses (`storybook dev`, the Vitest run), false
 * in a static build.
 */
declare const __HITL_SIM_PER_RUN_ROUTES__: boolean | undefined;
