import { errorEnvelope, MAX_PAGE_LIMIT, type TaskListItem } from '../../client';
import type { ProxyStore, TeamTask } from '../stores/proxy-store';

/** Longest `readable_name` the proxy makes from a task's instruction. */
const READABLE_NAME_LENGTH = 80;

/**
 * `GET /api/v1/tasks` for one team, from the store alone: its own list and one read of the page's
 * records, so the cost grows with the page, not with the tasks of other teams (the service's list
 * holds every team's). Pages and limits as the service takes them: `page` from 1, `limit` 1 to 30.
 */
export async function listTeamTasks(store: ProxyStore, team: string, query: URLSearchParams): Promise<Response> {
  const page = readPositive(query.get('page'), 1);
  const requested = readPositive(query.get('limit'), MAX_PAGE_LIMIT);
  if (page === undefined || requested === undefined) return errorEnvelope(400, 'page and limit must be positive integers');
  const limit = Math.min(requested, MAX_PAGE_LIMIT);
  const { total, tasks } = await store.listTeamTasks(team, (page - 1) * limit, limit);
  const data: TaskListItem[] = tasks.map((task) => ({ id: task.taskId, status: 'active', readable_name: task.readableName }));
  return Response.json({ success: true, data, total, page, limit }, { headers: { 'cache-control': 'no-store' } });
}

function readPositive(value: string | null, fallback: number): number | undefined {
  if (value === null) return fallback;
  const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  return number >= 1 ? number : undefined;
}

/** What the team's list shows of a task just created: the first line of its instruction, shortened. */
export function readableNameOf(body: Uint8Array | undefined, taskId: string): string {
  let task: unknown;
  try {
    task = body === undefined ? undefined : (JSON.parse(new TextDecoder().decode(body)) as { task?: unknown }).task;
  } catch {
    task = undefined;
  }
  const line = typeof task === 'string' ? (task.trim().split('\n')[0] ?? '').trim() : '';
  if (line === '') return taskId;
  return line.length <= READABLE_NAME_LENGTH ? line : `${line.slice(0, READABLE_NAME_LENGTH - 1)}…`;
}

/** The record of a task assigned to `team` now. */
export function teamTask(taskId: string, team: string, readableName: string): TeamTask {
  return { taskId, team, createdAt: Date.now(), readableName };
}
