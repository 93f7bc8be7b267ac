/**
 * `hitl-react/server/redis`: the proxy's shared state on Redis, for several proxy instances. The
 * only entry that imports `redis` (an optional peer dependency).
 */
export { createRedisProxyStore } from './create-redis-proxy-store';
export type { RedisProxyStore, RedisProxyStoreOptions } from './create-redis-proxy-store';
