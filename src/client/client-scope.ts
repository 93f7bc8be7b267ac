import type { TaskClient } from './types';

const scopes = new WeakMap<TaskClient, string>();

/**
 * Remembers the address a client made by `createTaskClient` talks to, kept off the client object
 * so its shape (and what a log of it shows) does not change.
 */
export function rememberClientScope<C extends TaskClient>(client: C, baseUrl: string): C {
  scopes.set(client, baseUrl);
  return client;
}

/**
 * The service a client talks to, as a string two tabs can compare: its `baseUrl`, made absolute
 * against the page. Undefined for clients that may talk to something only this page knows (one
 * with its own `fetch`, an in-process simulator): tabs must not share what those read.
 */
export function clientScope(client: TaskClient): string | undefined {
  const baseUrl = scopes.get(client);
  if (baseUrl === undefined) return undefined;
  try {
    const base = typeof location === 'undefined' ? undefined : location.href;
    return new URL(baseUrl, base).href;
  } catch {
    return baseUrl;
  }
}
