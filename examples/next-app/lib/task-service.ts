import { createTaskClient, type TaskClient } from 'hitl-react';

/**
 * The task service as the server reaches it: its own address and the key, from the server's
 * environment. Made on demand, never when a module loads, so `next build` runs without them.
 * Import it from server code only (Server Components, Server Actions, route handlers).
 */
export function taskService(): TaskClient {
  const baseUrl = process.env.HITL_UPSTREAM;
  const apiKey = process.env.HITL_API_KEY;
  if (!baseUrl || !apiKey) throw new Error('Set HITL_UPSTREAM and HITL_API_KEY in the server environment');
  return createTaskClient({ baseUrl, apiKey });
}
