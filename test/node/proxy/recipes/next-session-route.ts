/**
 * Recipe: a Next.js route handler (`app/api/hitl/[...path]/route.ts`) whose teams come from the
 * app's own signed session cookie. The cookie is `session=<base64url JSON>.<base64url HMAC-SHA256>`,
 * set by the app's sign-in; with Auth.js, `identify` would read `(await auth())?.user` instead.
 * Only Web Crypto: it runs on the Node and the Edge runtimes alike.
 */
import { createTaskProxy, type ProxyIdentity, type TaskProxy } from '../../../../src/server';

const encoder = new TextEncoder();

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** What the app's sign-in puts in the cookie (here for the test; in the app, next to its login). */
export async function signSession(identity: ProxyIdentity & { expiresAt: number }, secret: string): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify(identity)));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload)));
  return `${payload}.${base64url(signature)}`;
}

/** The caller of a signed, unexpired `session` cookie; `null` for anything else. */
export async function readSession(request: Request, secret: string): Promise<ProxyIdentity | null> {
  const cookie = request.headers
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('session='))
    ?.slice('session='.length);
  const [payload, signature] = cookie?.split('.') ?? [];
  if (payload === undefined || signature === undefined) return null;
  // `verify` compares in constant time.
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), Buffer.from(signature, 'base64url'), encoder.encode(payload));
  if (!valid) return null;
  try {
    const session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<ProxyIdentity & { expiresAt: number }>;
    if (typeof session.user !== 'string' || typeof session.team !== 'string' || typeof session.expiresAt !== 'number') return null;
    return session.expiresAt > Date.now() ? { user: session.user, team: session.team } : null;
  } catch {
    return null;
  }
}

/** The route module: `export const { GET, POST, PUT } = routeHandlers(process.env)`. */
export function routeHandlers(env: { TASKS_URL?: string; TASKS_KEY?: string; SESSION_SECRET?: string }): {
  GET: TaskProxy;
  POST: TaskProxy;
  PUT: TaskProxy;
} {
  const proxy = createTaskProxy({
    upstream: () => env.TASKS_URL,
    apiKey: () => env.TASKS_KEY,
    basePath: '/api/hitl',
    identify: (request) => readSession(request, env.SESSION_SECRET ?? ''),
    // Who may do what within a team: here, only leads stop whole tasks.
    authorize: (_request, { identity, endpoint }) => endpoint !== 'stopTask' || identity.user.startsWith('lead.'),
    onAudit: (entry) => console.info('audit', JSON.stringify(entry)),
  });
  return { GET: proxy, POST: proxy, PUT: proxy };
}
