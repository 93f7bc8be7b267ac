import { createTaskProxy } from 'hitl-react/server';
import { createRedisProxyStore } from 'hitl-react/server/redis';

// The key stays on the server. Both settings are read on the first request, not when the module
// loads: `next build` loads this file without them, and a missing one is answered with a 500 that
// names it. No route segment config: the handler reads the request, so Next.js neither prerenders
// nor caches it, with `cacheComponents` or without.
const proxy = createTaskProxy({
  upstream: () => process.env.HITL_UPSTREAM,
  apiKey: () => process.env.HITL_API_KEY,
  basePath: '/api/hitl',
  // Instances behind a load balancer share a Redis, which the store reaches at its first call (a request), not as next build loads this file.
  store: process.env.REDIS_URL ? createRedisProxyStore({ url: process.env.REDIS_URL }) : undefined,
});

export { proxy as GET, proxy as POST, proxy as PUT };
