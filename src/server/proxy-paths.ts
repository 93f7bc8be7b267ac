import { errorEnvelope, matchTaskEndpoint } from '../client';

/** 405 for a method the path does not take, saying which it does. */
export function notAllowed(methods: readonly string[]): Response {
  const response = errorEnvelope(405, 'Method not allowed');
  response.headers.set('allow', [...new Set(methods)].join(', '));
  return response;
}

/**
 * "Not found", and when the path holds one of the endpoints under another prefix, the `basePath`
 * that would serve it: a proxy mounted at `/api/hitl` but created without `basePath` is the usual
 * cause, and a bare 404 leaves its author guessing.
 */
export function notFoundMessage(pathname: string, basePath: string): string {
  const at = pathname.indexOf('/api/v1/');
  if (at < 0) return 'Not found';
  const prefix = pathname.slice(0, at);
  // Only a plain path is worth naming: not `//host/…`, dots or escapes someone else put in the address.
  if (prefix === basePath || !/^(\/[\w-]+)*$/.test(prefix) || matchTaskEndpoint(pathname.slice(at)) === undefined) return 'Not found';
  if (prefix === '')
    return `Not found: this proxy serves the endpoints under basePath "${basePath}", and the request's path does not start with it.`;
  const configured = basePath === '' ? 'no basePath' : `basePath "${basePath}"`;
  return `Not found: this proxy has ${configured}, and the request's path starts with "${prefix}". Create it with basePath: "${prefix}".`;
}

export function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function stripBasePath(pathname: string, basePath: string): string | undefined {
  if (basePath === '') return pathname;
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  return pathname.slice(basePath.length);
}
