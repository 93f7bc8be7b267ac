/**
 * `proxy.requests` over real HTTP: requests of any source opened on a proxy instance, listed to
 * their team only, answered exactly once (also across instances sharing one store), refused when
 * the body is not what the request takes, cancelled, expired, and left by an opener that went away.
 * Nothing of an answer reaches the audit, the logs or the store in the clear. The durable requests
 * are in proxy-requests-durable.test.ts.
 */
import type { Notifier } from '../../../src/server/notify/notifier';
import { createTaskProxyRequests } from '../../../src/server/requests/task-proxy-requests';
import {
  answer,
  call,
  fx,
  identify,
  instance,
  KEY,
  list,
  pid,
  room,
  roomAnswer,
  SECRET,
  settled,
  sid,
  useRequestsFixture,
} from './requests-fixture';

useRequestsFixture();

describe('proxy.requests', () => {
  it('lists a request to its team only and hands the source the one answer given over HTTP', async () => {
    const a = await instance();
    const opened = a.proxy.requests.open(room('el-1'), { team: 'blue' });
    // The proxy's id, not the source's: pages list and answer it under that one.
    expect(opened.id).toMatch(/^req_[\w-]{22}$/);
    expect(opened.id).not.toBe('el-1');

    const listed = await list(a, 'ann@blue');
    expect(listed).toEqual([expect.objectContaining({ state: 'open', team: 'blue', request: { ...room('el-1'), id: opened.id } })]);
    expect(await list(a, 'rex@red')).toEqual([]);
    expect((await answer(a, 'rex@red', 'el-1', roomAnswer('el-1'))).status).toBe(404);
    expect(await settled(opened)).toBe(false);

    const reply = await answer(a, 'ann@blue', 'el-1', roomAnswer('el-1'));
    expect(reply).toMatchObject({ status: 200, body: { success: true, data: { delivered: true } } });
    expect(await opened).toEqual(roomAnswer('el-1'));
    expect(await list(a, 'ann@blue')).toEqual([expect.objectContaining({ state: 'answered', answeredBy: 'ann@blue' })]);
    expect(await list(a, 'rex@red')).toEqual([]);

    const late = await answer(a, 'bea@blue', 'el-1', roomAnswer('el-1', 'another room'));
    expect(late).toMatchObject({ status: 409, body: { code: 'already_answered', answeredBy: 'ann@blue' } });
    expect(Date.parse(late.body.answeredAt as string)).not.toBeNaN();
    // Opening the source's id again without a key is another request (another source may repeat
    // an id); opening the same key again while it is held gives the same promise.
    const b = a.proxy.requests.open(room('el-2'), { team: 'blue' });
    const again = a.proxy.requests.open(room('el-2'), { team: 'blue' });
    expect(again).not.toBe(b);
    expect(again.id).not.toBe(b.id);
    const keyed = a.proxy.requests.open(room('el-3'), { team: 'blue', key: 'thread-3' });
    expect(keyed.id).toMatch(/^req_k[0-9a-f]{40}/);
    expect(a.proxy.requests.open(room('el-3'), { team: 'blue', key: 'thread-3' })).toBe(keyed);
  });

  it('takes the first of 100 racing answers from two instances, and answers every other 409 with who answered', async () => {
    const [a, b] = [await instance(), await instance()];
    const opened = a.proxy.requests.open(room('race'), { team: 'blue' });
    await list(a, 'ann@blue');
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        answer(index % 2 === 0 ? a : b, `p${index}@blue`, 'race', roomAnswer('race', `room ${index}`)),
      ),
    );
    const won = replies.filter((reply) => reply.status === 200);
    const lost = replies.filter((reply) => reply.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(99);
    const winner = replies.indexOf(won[0]!);
    for (const reply of lost) expect(reply.body).toMatchObject({ code: 'already_answered', answeredBy: `p${winner}@blue` });
    expect(await opened).toEqual(roomAnswer('race', `room ${winner}`));
  });

  it('refuses a body the request does not take (400 or 415, saying why), and never delivers it', async () => {
    const a = await instance();
    const opened = a.proxy.requests.open(room('bad'), { team: 'blue' });
    await list(a, 'ann@blue');
    const asText = await call(
      a,
      'ann@blue',
      'POST',
      `/requests/${pid('bad')}/answer`,
      JSON.stringify(roomAnswer(pid('bad'))),
      'text/plain',
    );
    expect(asText.status).toBe(415);
    expect((await call(a, 'ann@blue', 'POST', `/requests/${pid('bad')}/answer`, '{"requestId":')).status).toBe(400);
    const wrong = await answer(a, 'ann@blue', 'bad', { requestId: 'bad', action: 'accept', content: { room: 7 } });
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: 'The answer\'s "content" does not fit the request\'s schema at /room: must be string.' },
    });
    const expired = await answer(a, 'ann@blue', 'bad', { requestId: 'bad', action: 'cancel', expired: true });
    expect(expired).toMatchObject({ status: 400, body: { error: 'Only the proxy says that a request expired: an answer cannot.' } });
    expect((await answer(a, 'ann@blue', 'bad', { requestId: 'other', action: 'decline' })).status).toBe(400);
    expect(await settled(opened)).toBe(false);
    const [record] = await fx.store.readRequests([pid('bad')]);
    expect([record?.state, record?.sealedAnswer]).toEqual(['open', undefined]);

    expect((await answer(a, 'ann@blue', 'bad', { requestId: 'bad', action: 'decline' })).status).toBe(200);
    expect(await opened).toEqual({ requestId: 'bad', action: 'decline' });
  });

  it('cancels a request for every page when its source gives up', async () => {
    const [a, b] = [await instance(), await instance()];
    const opened = a.proxy.requests.open(room('gone'), { team: 'blue' });
    await list(a, 'ann@blue');
    // Cancelled through another instance: the opener hears it from the store.
    await b.proxy.requests.cancel(pid('gone'));
    expect(await opened).toEqual({ requestId: 'gone', action: 'cancel' });
    expect(await list(b, 'ann@blue')).toEqual([expect.objectContaining({ state: 'cancelled' })]);
    expect(await answer(b, 'ann@blue', 'gone', roomAnswer('gone'))).toMatchObject({
      status: 410,
      body: { code: 'request_ended', state: 'cancelled' },
    });
  });

  it('expires a request at its deadline: the source gets its cancel, pages say it expired, an answer gets 410', async () => {
    const a = await instance({ requests: { deadlineMs: { mcp: 200, default: 3_600_000 } } });
    const opened = a.proxy.requests.open(room('late'), { team: 'blue' });
    const [listing] = await list(a, 'ann@blue');
    expect(listing?.expiresAt).toBeGreaterThan(Date.now() - 1000);
    expect(listing?.request.deadline).toBe(new Date(listing?.expiresAt as number).toISOString());
    expect(await opened).toEqual({ requestId: 'late', action: 'cancel', expired: true });
    expect(await list(a, 'ann@blue')).toEqual([expect.objectContaining({ state: 'expired' })]);
    expect(await answer(a, 'ann@blue', 'late', roomAnswer('late'))).toMatchObject({ status: 410, body: { state: 'expired' } });

    // `expiresAt` wins over the source's default, and an ISO time is taken.
    const at = new Date(Date.now() + 60_000).toISOString();
    void a.proxy.requests.open(room('later'), { team: 'blue', expiresAt: at });
    expect((await list(a, 'ann@blue')).find((each) => each.request.id === pid('later'))).toMatchObject({ expiresAt: Date.parse(at) });
    expect(() => a.proxy.requests.open(room('never'), { team: 'blue', expiresAt: 'soon' })).toThrow(TypeError);
  });

  it('hands an answer taken on one instance to the promise held on another', async () => {
    const [a, b] = [await instance(), await instance()];
    const opened = a.proxy.requests.open(room('across'), { team: 'blue' });
    expect(await list(b, 'ann@blue')).toEqual([expect.objectContaining({ state: 'open' })]);
    expect(await answer(b, 'ann@blue', 'across', roomAnswer('across'))).toMatchObject({ status: 200, body: { data: { delivered: true } } });
    expect(await opened).toEqual(roomAnswer('across'));
  });

  it('says a request whose opener is gone can no longer be answered, and answers 410, never a 2xx', async () => {
    const [a, b] = [await instance(), await instance()];
    const opened = a.proxy.requests.open(room('orphan'), { team: 'blue' });
    await list(b, 'ann@blue');
    await a.proxy.close();
    fx.skew += 5000;
    await expect.poll(async () => (await list(b, 'ann@blue'))[0]?.state, { timeout: 5000 }).toBe('unanswerable');
    expect(await answer(b, 'ann@blue', 'orphan', roomAnswer('orphan'))).toMatchObject({
      status: 410,
      body: { code: 'request_ended', state: 'unanswerable' },
    });
    const [record] = await fx.store.readRequests([pid('orphan')]);
    expect([record?.state, record?.sealedAnswer]).toEqual(['unanswerable', undefined]);
    // A closed proxy resolves nothing: the source learns of its end by its own means.
    expect(await settled(opened)).toBe(false);
  });

  it('writes the audit trail of each request without anything of its answer', async () => {
    const a = await instance({ requests: { deadlineMs: { expiring: 100 } } });
    const opened = a.proxy.requests.open(room('kept'), { team: 'blue' });
    void a.proxy.requests.open({ ...room('dropped') }, { team: 'blue' });
    const expiring = a.proxy.requests.open({ ...room('timed'), source: 'expiring' }, { team: 'blue' });
    await list(a, 'ann@blue');
    expect((await answer(a, 'ann@blue', 'kept', roomAnswer('kept'))).status).toBe(200);
    await opened;
    await a.proxy.requests.cancel(pid('dropped'));
    await expiring;
    expect((await answer(a, 'ann@blue', 'kept', roomAnswer('kept', `${SECRET}-again`))).status).toBe(409);

    const trail = await a.proxy.auditLog({ team: 'blue' });
    // Each entry names the proxy's id of its request.
    const actions = trail.map((entry) => `${entry.action} ${sid(entry.requestId ?? '') ?? entry.requestId} ${entry.outcome}`).sort();
    expect(actions).toEqual([
      'answer_request kept accepted',
      'answer_request kept already_answered',
      'cancel_request dropped accepted',
      'expire_request timed accepted',
      'open_request dropped accepted',
      'open_request kept accepted',
      'open_request timed accepted',
    ]);
    const served = await call(a, 'ann@blue', 'GET', '/audit');
    const everything = JSON.stringify([fx.audited, trail, served.body, fx.logged, fx.written]);
    expect(everything).toContain(pid('kept'));
    // The store held the answer, sealed, until it was delivered.
    expect(fx.written.some((record) => record.includes('"sealedAnswer":"v1.'))).toBe(true);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 12));
    expect(a.proxy.stats().requests).toMatchObject({
      waiting: 0,
      opened: 3,
      answered: 1,
      cancelled: 1,
      expired: 1,
      byTeamSource: expect.arrayContaining([
        {
          team: 'blue',
          source: 'mcp',
          timeToFirstViewMs: expect.objectContaining({ count: 2 }) as unknown,
          timeToAnswerMs: expect.objectContaining({ count: 1 }) as unknown,
        },
      ]) as unknown,
    });
  });

  it('opens requests on a proxy whose settings are read later, and seals answers once the key is there', async () => {
    const environment: { key?: string } = {};
    const a = await instance({ upstream: () => undefined, apiKey: () => environment.key });
    const opened = a.proxy.requests.open(room('lazy'), { team: 'blue' });
    expect(await list(a, 'ann@blue')).toEqual([expect.objectContaining({ state: 'open' })]);
    expect((await answer(a, 'ann@blue', 'lazy', roomAnswer('lazy'))).status).toBe(500);
    environment.key = KEY;
    expect((await answer(a, 'ann@blue', 'lazy', roomAnswer('lazy'))).status).toBe(200);
    expect(await opened).toEqual(roomAnswer('lazy'));
  });

  it('tells the notifier what waits (with its title, team and source) and what ended', async () => {
    const told: string[] = [];
    const notifier: Notifier = {
      notice: (item) => told.push(`notice ${item.id} ${item.kind} ${item.team} ${item.source} ${item.title} ${item.user ?? '-'}`),
      ended: (id) => told.push(`ended ${id}`),
      close: () => Promise.resolve(),
    };
    const requests = createTaskProxyRequests({ upstream: 'http://127.0.0.1:9', apiKey: KEY, store: fx.store, identify }, notifier);
    try {
      const opened = requests.requests.open(room('told'), { team: 'blue', user: 'ann@blue' });
      await expect.poll(() => told).toContain(`notice ${opened.id} request blue mcp Which room? ann@blue`);
      const reply = await requests.route(
        new Request(`http://proxy/requests/${opened.id}/answer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-auth-user': 'ann@blue' },
          body: JSON.stringify(roomAnswer(opened.id)),
        }),
      );
      expect(reply?.status).toBe(200);
      expect(await opened).toEqual(roomAnswer('told'));
      expect(told).toContain(`ended ${opened.id}`);
    } finally {
      await requests.close();
    }
  });

  it('answers 405 with Allow for another method, and refuses a malformed request at open', async () => {
    const a = await instance();
    const put = await call(a, 'ann@blue', 'PUT', '/requests');
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET']);
    const get = await call(a, 'ann@blue', 'GET', '/requests/x/answer');
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect(() => a.proxy.requests.open({ id: '', source: 'mcp', kind: 'link', url: 'https://x' }, { team: 'blue' })).toThrow(
      new TypeError('proxy.requests.open: The request needs an "id", a non-empty string.'),
    );
  });
});
