import type { Locator, Page } from 'playwright-core';

/**
 * Where a helper looks: a whole `Page`, or a `Locator` around part of it (a `<RunViewer>`'s
 * region, a form, your app's panel). Narrow it when the page shows more than one run or form.
 */
export type PlaywrightScope = Page | Locator;

/** The page of a scope: options of a select open in a portal at the end of the page, outside any scope. */
export function pageOf(scope: PlaywrightScope): Page {
  // A `Page` has no `page()`; a `Locator` does.
  return 'page' in scope ? scope.page() : scope;
}

/** The default time a helper waits, as Playwright's own actions do. */
export const DEFAULT_HELPER_TIMEOUT_MS = 30_000;

/** An XPath test for an element with class `name` among its classes. */
export const hasClass = (name: string) => `contains(concat(" ", normalize-space(@class), " "), " ${name} ")`;

/** `error` as text, for a message that adds what the helper was doing. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Playwright's messages carry a call log after the first lines; the first line says what went wrong.
  return message.split('\n')[0] ?? message;
}

/** Whether Playwright gave up waiting (its `TimeoutError`), as opposed to another failure. */
export const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';
