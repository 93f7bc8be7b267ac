/**
 * Recipe: an Express or plain Node server behind an authenticating reverse proxy (oauth2-proxy,
 * Pomerium, an ingress with forward auth) that sets `X-Forwarded-Email` and `X-Forwarded-Groups`.
 * Those headers are only as trustworthy as the path to the server: the auth proxy must be the only
 * way in, and it shares a secret with the server (`X-Auth-Proxy-Secret`) so that a request that
 * got around it is refused.
 *
 * ```ts
 * // Express: the listener is an ordinary (req, res) handler; mount it on the full path so that
 * // `basePath` still matches.
 * app.all('/api/hitl/*', nodeAuthHeaderListener(process.env));
 * ```
 */
import { timingSafeEqual } from 'node:crypto';
import { createTaskProxy, toNodeListener, type NodeListener, type ProxyIdentity } from '../../../../src/server';

function sameSecret(given: string | null, expected: string): boolean {
  if (given === null || expected === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The caller as the auth proxy named them; the team is their first group. */
export function identifyFromAuthProxy(request: Request, secret: string): ProxyIdentity | null {
  if (!sameSecret(request.headers.get('x-auth-proxy-secret'), secret)) return null;
  const user = request.headers.get('x-forwarded-email')?.trim();
  const team = request.headers.get('x-forwarded-groups')?.split(',')[0]?.trim();
  return user && team ? { user, team } : null;
}

export function nodeAuthHeaderListener(env: { TASKS_URL?: string; TASKS_KEY?: string; AUTH_PROXY_SECRET?: string }): NodeListener {
  const proxy = createTaskProxy({
    upstream: () => env.TASKS_URL,
    apiKey: () => env.TASKS_KEY,
    basePath: '/api/hitl',
    identify: (request) => identifyFromAuthProxy(request, env.AUTH_PROXY_SECRET ?? ''),
  });
  return toNodeListener(proxy);
}
