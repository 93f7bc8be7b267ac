import type { ProxyStore } from '../stores/proxy-store';
import type { RedisClient } from './redis-connections';

/**
 * The tasks the proxy watches until their run ends (`watchTask`, `listWatchedTasks`,
 * `unwatchTask`) on Redis: one sorted set, each task scored by when its watch ends, so a read
 * drops the lapsed ones and lists the rest latest first.
 */
export function redisWatchedTasks(
  client: () => Promise<RedisClient>,
  prefix: string,
): Required<Pick<ProxyStore, 'watchTask' | 'listWatchedTasks' | 'unwatchTask'>> {
  const key = `${prefix}watched`;
  return {
    async watchTask(taskId, expiresAt) {
      await (await client()).zAdd(key, { score: expiresAt, value: taskId }, { comparison: 'GT' });
    },
    async listWatchedTasks(limit) {
      if (limit <= 0) return [];
      const redis = await client();
      const at = Date.now();
      await redis.zRemRangeByScore(key, '-inf', at);
      return redis.zRange(key, '+inf', `(${at}`, { BY: 'SCORE', REV: true, LIMIT: { offset: 0, count: limit } });
    },
    async unwatchTask(taskId) {
      await (await client()).zRem(key, taskId);
    },
  };
}
