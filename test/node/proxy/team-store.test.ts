/**
 * The teams' part of the proxy store, the same on a real `redis-server` as in memory: whose a task
 * is, each team's list, and the audit trail with its retention.
 */
import type { AuditEntry } from '../../../src/client';
import { createMemoryProxyStore, type ProxyStore } from '../../../src/server';
import { createRedisProxyStore, type RedisProxyStore } from '../../../src/server/redis';
import { startRedisServer, type RedisServer } from '../../../scripts/lib/redis-server';

let redis: RedisServer;
const opened: RedisProxyStore[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  await redis.stop();
});

function storeOf(kind: 'memory' | 'redis'): ProxyStore {
  if (kind === 'memory') return createMemoryProxyStore();
  const store = createRedisProxyStore({ url: redis.url, prefix: `team-store${++prefixes}:` });
  opened.push(store);
  return store;
}

const task = (taskId: string, team: string, createdAt: number) => ({ taskId, team, createdAt, readableName: `Task ${taskId}` });
const entry = (taskId: string, at: string): AuditEntry => ({
  at,
  user: 'ada@example.com',
  team: 'A',
  action: 'stop_task',
  taskId,
  status: 200,
  outcome: 'accepted',
});

describe.each(['memory', 'redis'] as const)('the teams of the %s store', (kind) => {
  it("keeps each team's tasks newest first, pages them, and moves a task between teams", async () => {
    const store = storeOf(kind);
    for (let index = 1; index <= 5; index++) await store.assignTask(task(`t${index}`, 'A', 1000 + index));
    // Assigned late but created early: listed by when it was created.
    await store.assignTask(task('t0', 'A', 1000));
    expect(await store.listTeamTasks('A', 0, 3)).toEqual({
      total: 6,
      tasks: [task('t5', 'A', 1005), task('t4', 'A', 1004), task('t3', 'A', 1003)],
    });
    expect((await store.listTeamTasks('A', 3, 30)).tasks.map((one) => one.taskId)).toEqual(['t2', 't1', 't0']);
    await store.assignTask(task('t3', 'B', 2000));
    expect(await store.readTasks(['t3', 'nobody', 't1'])).toEqual([task('t3', 'B', 2000), undefined, task('t1', 'A', 1001)]);
    expect((await store.listTeamTasks('A', 0, 30)).tasks.map((one) => one.taskId)).toEqual(['t5', 't4', 't2', 't1', 't0']);
    expect(await store.listTeamTasks('B', 0, 30)).toEqual({ total: 1, tasks: [task('t3', 'B', 2000)] });
    expect(await store.listTeamTasks('C', 0, 30)).toEqual({ total: 0, tasks: [] });
  });

  it("reads a team's trail newest first, by task, up to a limit, and forgets entries past their retention", async () => {
    const store = storeOf(kind);
    await store.appendAudit(entry('old', '2026-01-01T00:00:00.000Z'), 2000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const [index, taskId] of ['x', 'y', 'x'].entries())
      await store.appendAudit(entry(taskId, `2026-01-02T00:00:0${index}.000Z`), 60_000);
    expect((await store.readAudit({ team: 'A', limit: 10 })).map((one) => `${one.taskId} ${one.at}`)).toEqual([
      'x 2026-01-02T00:00:02.000Z',
      'y 2026-01-02T00:00:01.000Z',
      'x 2026-01-02T00:00:00.000Z',
    ]);
    expect((await store.readAudit({ team: 'A', taskId: 'x', limit: 1 })).map((one) => one.at)).toEqual(['2026-01-02T00:00:02.000Z']);
    expect(await store.readAudit({ team: 'B', limit: 10 })).toEqual([]);
  });

  it('pages a trail with before, each page right below the last, however many entries come meanwhile, even within one millisecond', async () => {
    const store = storeOf(kind);
    // Every entry in the same millisecond: the order within it must hold across pages too.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-01-02T00:00:00.000Z'));
    try {
      const append = (name: string) => store.appendAudit(entry(name, '2026-01-02T00:00:00.000Z'), 60_000);
      for (let index = 1; index <= 12; index++) await append(`${index % 2 === 0 ? 'even' : 'odd'}-${index}`);
      const pages: string[][] = [];
      let before: string | undefined;
      for (;;) {
        const page = await store.readAudit({ team: 'A', limit: 5, before });
        if (page.length === 0) break;
        pages.push(page.map((one) => one.taskId));
        expect(page.every((one) => typeof one.id === 'string')).toBe(true);
        before = page.at(-1)?.id;
        // New entries arrive while a person pages: they do not shift the pages after the first.
        await append(`new-${pages.length}`);
      }
      expect(pages).toEqual([
        ['even-12', 'odd-11', 'even-10', 'odd-9', 'even-8'],
        ['odd-7', 'even-6', 'odd-5', 'even-4', 'odd-3'],
        ['even-2', 'odd-1'],
      ]);
      // By task, the same way (a task's trail is its own list).
      const first = await store.readAudit({ team: 'A', taskId: 'odd-3', limit: 1 });
      expect(first.map((one) => one.taskId)).toEqual(['odd-3']);
      expect(await store.readAudit({ team: 'A', taskId: 'odd-3', limit: 1, before: first[0]?.id })).toEqual([]);
      // A cursor the store did not make reads nothing.
      for (const made of ['garbage', '12', 'x.1', '1:x']) expect(await store.readAudit({ team: 'A', limit: 5, before: made })).toEqual([]);
    } finally {
      clock.mockRestore();
    }
  });
});
