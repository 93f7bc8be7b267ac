/**
 * A request's identity is the proxy's: the same MCP question asked on two connections (the same
 * JSON-RPC id, the same params) and by two teams, and two LangChain threads whose keys are equal
 * across teams, are requests of their own, each answered from its own team's page, and each source
 * gets only its own answer. A source's `key` finds its request again, within its team and source
 * only, and never merges two questions. A proxy for requests alone (no task service) needs a
 * secret of its own, the same on every instance.
 */
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import type { HumanRequest } from '../../../src/request';
import { createMemoryProxyStore, createTaskProxy, RequestKeyConflictError } from '../../../src/server';
import { deletion, email, interruptedAgent } from '../adapters/langgraph-fixture';
import { connectMcp } from '../adapters/mcp-fixture';
import { fromInterrupt } from '../../../src/adapters/langgraph';
import { call, fx, instance, list, room, useRequestsFixture, type Instance } from './requests-fixture';

useRequestsFixture();

const INBOX_SECRET = 'inbox-secret-7f3a9c2e41b8d6f0a5c3e9b7d1f4a2c8';

const askRoom: ElicitRequest['params'] = {
  message: 'Which room should I book?',
  requestedSchema: { type: 'object', properties: { room: { type: 'string', title: 'Room' } }, required: ['room'] },
};

/** Answers, from `who`'s page, the open request of its team's list that `pick` finds. */
async function answerFromPage(at: Instance, who: string, body: (request: HumanRequest) => Record<string, unknown>, pick = 0) {
  const open = (await list(at, who)).filter((listing) => listing.state === 'open');
  const request = open[pick]?.request;
  if (request === undefined) throw new Error(`${who} sees no open request ${pick}`);
  return call(
    at,
    who,
    'POST',
    `/requests/${encodeURIComponent(request.id)}/answer`,
    JSON.stringify({ requestId: request.id, ...body(request) }),
  );
}

describe('request identities', () => {
  it('keeps the same MCP question on two connections and two teams apart: each source gets its own answer', async () => {
    const a = await instance();
    const b = await instance();
    // Three connections, each with its own JSON-RPC ids from the start: the first elicitation of
    // each has the same id and the same params. Two are of team blue (one per instance), one of red.
    const sessions = await Promise.all(
      [
        { at: a, team: 'blue' },
        { at: b, team: 'blue' },
        { at: a, team: 'red' },
      ].map(({ at, team }) => connectMcp((request) => at.proxy.requests.open({ ...request, requestedBy: 'bookings' }, { team }), askRoom)),
    );
    const calls = sessions.map((session) => session.client.callTool({ name: 'book', arguments: {} }));
    await expect.poll(async () => (await list(a, 'ann@blue')).length).toBe(2);
    await expect.poll(async () => (await list(b, 'rex@red')).length).toBe(1);
    expect(sessions.map((session) => session.requests[0]?.id)).toEqual(Array(3).fill(sessions[0]?.requests[0]?.id));

    const blue = await list(b, 'bea@blue');
    const ids = blue.map((listing) => listing.request.id);
    expect(new Set(ids).size).toBe(2);
    // No id a source made: nothing another connection or team could name.
    for (const id of ids) expect(id).toMatch(/^req_[\w-]{22}$/);
    expect((await list(a, 'rex@red'))[0]?.request.id).not.toBe(ids[0]);

    // Each answered from its own page (another instance than the one holding it, for one of them).
    expect((await answerFromPage(b, 'bea@blue', () => ({ action: 'accept', content: { room: 'Blue 1' } }), 0)).status).toBe(200);
    expect((await answerFromPage(a, 'ann@blue', () => ({ action: 'accept', content: { room: 'Blue 2' } }), 0)).status).toBe(200);
    expect((await answerFromPage(a, 'rex@red', () => ({ action: 'accept', content: { room: 'Red 1' } }), 0)).status).toBe(200);

    const rooms = (await Promise.all(calls)).map((result) => {
      const [content] = result.content as Array<{ text: string }>;
      return (JSON.parse(content?.text ?? '{}') as { content?: { room?: string } }).content?.room;
    });
    // Blue's two connections got one answer each (in whichever order the page listed them), red its own.
    expect(rooms.slice(0, 2).sort()).toEqual(['Blue 1', 'Blue 2']);
    expect(rooms[2]).toBe('Red 1');
    for (const session of sessions) {
      expect(session.outcomes).toHaveLength(1);
      await session.close();
    }
  });

  it('keeps two LangChain threads with equal keys in two teams apart: each agent resumes with its own decision', async () => {
    const a = await instance();
    const blueAgent = await interruptedAgent([email, deletion]);
    const redAgent = await interruptedAgent([email, deletion]);
    // Both threads are `thread-1`, both interrupts alike: only the team tells them apart.
    const blueRequest = fromInterrupt(blueAgent.interrupt);
    const redRequest = fromInterrupt(redAgent.interrupt);
    expect(redRequest.actions).toEqual(blueRequest.actions);
    const blueOpened = a.proxy.requests.open(blueRequest, { team: 'blue', key: 'thread-1' });
    const redOpened = a.proxy.requests.open(redRequest, { team: 'red', key: 'thread-1' });
    expect(blueOpened.id).not.toBe(redOpened.id);
    // A key's digest, and which of its questions this is.
    expect(blueOpened.id).toMatch(/^req_k[0-9a-f]{40}\.[0-9a-z]+$/);

    expect((await list(a, 'ann@blue')).map((listing) => listing.request.id)).toEqual([blueOpened.id]);
    expect((await list(a, 'rex@red')).map((listing) => listing.request.id)).toEqual([redOpened.id]);
    // Red cannot reach blue's request by its id.
    const crossed = await call(
      a,
      'rex@red',
      'POST',
      `/requests/${blueOpened.id}/answer`,
      JSON.stringify({ requestId: blueOpened.id, action: 'accept', decisions: [{ type: 'approve' }, { type: 'approve' }] }),
    );
    expect(crossed.status).toBe(404);

    const approveAll = { action: 'accept', decisions: [{ type: 'approve' }, { type: 'approve' }] };
    const rejectAll = { action: 'accept', decisions: [{ type: 'reject', message: 'Not today' }, { type: 'reject' }] };
    expect((await answerFromPage(a, 'ann@blue', () => approveAll)).status).toBe(200);
    expect((await answerFromPage(a, 'rex@red', () => rejectAll)).status).toBe(200);

    const [blueAnswer, redAnswer] = await Promise.all([blueOpened, redOpened]);
    // The source knows its request by its own id: the answer names that one.
    expect(blueAnswer).toMatchObject({ requestId: blueRequest.id, decisions: approveAll.decisions });
    await blueAgent.resume(blueAnswer);
    await redAgent.resume(redAnswer);
    expect(blueAgent.ran.map((run) => run.tool).sort()).toEqual(['delete_file', 'send_email']);
    expect(redAgent.ran).toEqual([]);
  });

  it('finds a keyed request again within its team and source only, refuses another question under it, and frees it once it ended', async () => {
    const [a, b] = [await instance(), await instance()];
    const first = a.proxy.requests.open(room('x'), { team: 'blue', key: 'order-17' });
    // The same question under the same key: the same request, on this instance and on another.
    expect(a.proxy.requests.open(room('y'), { team: 'blue', key: 'order-17' })).toBe(first);
    await expect.poll(async () => (await list(b, 'ann@blue')).length).toBe(1);
    // Taken over by the last instance that opens it, as a source that restarted would: the earlier
    // promise ends, and the answer goes to the last.
    const elsewhere = b.proxy.requests.open(room('z'), { team: 'blue', key: 'order-17' });
    // The question the store holds, once the store answered.
    await expect.poll(() => elsewhere.id).toBe(first.id);
    expect(await first).toEqual({ requestId: 'x', action: 'cancel' });
    // Other teams and other sources have keys of their own.
    expect(a.proxy.requests.open(room('x'), { team: 'red', key: 'order-17' }).id).not.toBe(first.id);
    const otherSource = a.proxy.requests.open({ ...room('x'), source: 'langgraph' }, { team: 'blue', key: 'order-17' });
    expect(otherSource.id).not.toBe(first.id);
    await expect.poll(async () => (await list(a, 'ann@blue')).map((listing) => listing.request.id)).toContain(otherSource.id);
    await a.proxy.requests.cancel(otherSource.id);

    // Another question under an open key is an error, never a merge: at once where it is held,
    // from the store elsewhere.
    const other = { ...room('x'), title: 'Which floor?' };
    expect(() => b.proxy.requests.open(other, { team: 'blue', key: 'order-17' })).toThrow(
      /key "order-17" of team "blue" is open with another question/,
    );
    await expect(a.proxy.requests.open(other, { team: 'blue', key: 'order-17' })).rejects.toBeInstanceOf(RequestKeyConflictError);
    const listed = (await list(a, 'ann@blue')).filter((listing) => listing.state === 'open');
    expect(listed.map((listing) => [listing.request.id, listing.request.title])).toEqual([[first.id, 'Which room?']]);

    // Once answered, the key is free for the source's next question.
    expect((await answerFromPage(a, 'ann@blue', () => ({ action: 'accept', content: { room: 'R1' } }))).status).toBe(200);
    expect(await elsewhere).toMatchObject({ requestId: 'z', content: { room: 'R1' } });
    const next = a.proxy.requests.open(other, { team: 'blue', key: 'order-17' });
    await expect
      .poll(async () => (await list(a, 'ann@blue')).filter((listing) => listing.state === 'open').map((listing) => listing.request.title))
      .toEqual(['Which floor?']);
    // A question of its own: no page takes it for the one it answered, and an answer to that one
    // does not reach it.
    expect(next.id).not.toBe(first.id);
    expect(next.id.split('.')[0]).toBe(first.id.split('.')[0]);
    const late = await call(
      a,
      'bea@blue',
      'POST',
      `/requests/${first.id}/answer`,
      JSON.stringify({ requestId: first.id, action: 'decline' }),
    );
    expect(late.status).toBe(404);
    expect((await list(a, 'ann@blue')).find((listing) => listing.request.id === next.id)?.state).toBe('open');
  });

  it('serves the inbox without a task service on two instances with one secret, and refuses to start with another', async () => {
    expect(() => createTaskProxy({ basePath: '/api/hitl' })).toThrow(/secret is required without apiKey/);
    expect(() => createTaskProxy({ secret: 'short' })).toThrow(/secret must be at least 32 characters/);
    // Read later (an environment variable), a short one is no secret either: said once, nothing sealed under it.
    const logged: string[] = [];
    const lazy = createTaskProxy({
      secret: () => 'short',
      logger: { info: () => undefined, warn: () => undefined, error: (line) => logged.push(line) },
    });
    expect(() => lazy.requests.open(room('k-1'), { team: '', key: 'k' })).toThrow(/needs createTaskProxy's secret/);
    expect(() => lazy.requests.open(room('k-2'), { team: '', key: 'k' })).toThrow(/needs createTaskProxy's secret/);
    expect(logged).toEqual([expect.stringMatching(/secret must be at least 32 characters/)]);
    await lazy.close();

    const inboxOnly = { upstream: undefined, apiKey: undefined, secret: INBOX_SECRET };
    const [a, b] = [await instance(inboxOnly), await instance(inboxOnly)];
    const opened = a.proxy.requests.open(room('r-1'), { team: 'blue' });
    await expect.poll(async () => (await list(b, 'ann@blue')).length).toBe(1);
    // The service's routes are not there, and nothing polls.
    const service = await call(a, 'ann@blue', 'GET', '/api/v1/tasks');
    expect(service).toMatchObject({ status: 404, body: { success: false } });
    expect((await call(a, 'ann@blue', 'GET', '/events?taskId=t-1')).status).toBe(404);
    // Sealed on b, opened on a: one secret.
    expect((await answerFromPage(b, 'ann@blue', () => ({ action: 'accept', content: { room: 'R9' } }))).status).toBe(200);
    expect(await opened).toMatchObject({ requestId: 'r-1', content: { room: 'R9' } });

    const wrong = await instance({ ...inboxOnly, secret: 'another-secret-of-32-characters-or-more!' });
    const refused = await call(wrong, 'ann@blue', 'GET', '/requests');
    expect(refused).toMatchObject({ status: 500, body: { code: 'secret_mismatch' } });
    expect(refused.body.error).toMatch(/createTaskProxy's secret differs/);
    expect(fx.logged.filter((line) => /secret differs/.test(line))).toHaveLength(1);
    expect(() => wrong.proxy.requests.open(room('r-2'), { team: 'blue' })).toThrow(/secret differs/);
    // Neither secret is in any line said.
    for (const line of fx.logged) expect(line).not.toContain(INBOX_SECRET);
  });

  it('says once that a request for a team is listed to no one on a proxy without identify', async () => {
    const logged: string[] = [];
    const proxy = createTaskProxy({
      secret: INBOX_SECRET,
      store: createMemoryProxyStore(),
      logger: { info: () => undefined, warn: (line) => logged.push(line), error: (line) => logged.push(line) },
    });
    try {
      void proxy.requests.open(room('s-1'), { team: 'support' });
      void proxy.requests.open(room('s-2'), { team: 'support' });
      expect(logged).toEqual([expect.stringMatching(/opened for team "support", but the proxy has no identify/)]);
    } finally {
      await proxy.close();
    }
  });
});
