import { NOTE_TOOL_CALL_SEEN } from './redis-scripts';

/** The part of a node-redis client this needs (only the store's own module imports `redis`). */
interface ScriptRunner {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** `ProxyStore.noteToolCallSeen` on Redis: one script, so two instances seeing a call at once keep the earlier time. */
export async function noteToolCallSeen(
  redis: ScriptRunner,
  prefix: string,
  sighting: { taskId: string; toolCallId: string; at: number; ttlMs: number },
): Promise<number> {
  const reply = await redis.eval(NOTE_TOOL_CALL_SEEN, {
    keys: [`${prefix}tool-call-seen:${JSON.stringify([sighting.taskId, sighting.toolCallId])}`],
    arguments: [String(Math.floor(sighting.at)), String(Math.max(1, Math.ceil(sighting.ttlMs)))],
  });
  const kept = Number(reply);
  if (!Number.isFinite(kept)) throw new Error('Redis answered a tool call sighting with something else than a time');
  return kept;
}
