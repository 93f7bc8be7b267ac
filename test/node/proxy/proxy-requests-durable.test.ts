/**
 * `proxy.requests` with requests that outlive their opener (`durable: true`) and a store that
 * loses its records: each answer handed to `requests.onAnswer` exactly once across instances,
 * kept while no instance can take it, and the open requests written again after a Redis restarted
 * empty.
 */
import type { HumanAnswer, HumanRequest } from '../../../src/request';
import type { OpenedRequestInfo, ProxyStore } from '../../../src/server';
import { answer, emptyStore, fx, instance, list, pid, room, roomAnswer, useRequestsFixture } from './requests-fixture';

useRequestsFixture();

describe('durable requests', () => {
  it('hands a durable request’s answer to onAnswer exactly once when its opener is gone, however many instances race', async () => {
    const delivered: Array<[string, HumanRequest, HumanAnswer, OpenedRequestInfo]> = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Each delivery takes as long as the test holds it: every instance sweeps meanwhile.
    const onAnswer = (name: string) => async (request: HumanRequest, given: HumanAnswer, opened: OpenedRequestInfo) => {
      delivered.push([name, request, given, opened]);
      await held;
    };
    const a = await instance();
    void a.proxy.requests.open(room('thread-1'), { team: 'blue', durable: true });
    await list(a, 'ann@blue');
    await a.proxy.close();
    fx.skew += 5000;
    let sweeps = 0;
    const counted = new Proxy(fx.store, {
      get: (target, name: keyof ProxyStore) =>
        name === 'listRequests'
          ? (...args: Parameters<ProxyStore['listRequests']>) => {
              sweeps += 1;
              return target.listRequests(...args);
            }
          : (Reflect.get(target, name) as unknown),
    });
    const b = await instance({ requests: { onAnswer: onAnswer('b') } });
    const c = await instance({ store: counted, requests: { onAnswer: onAnswer('c') } });
    expect(await list(b, 'ann@blue')).toEqual([expect.objectContaining({ state: 'open' })]);
    const reply = answer(b, 'ann@blue', 'thread-1', roomAnswer('thread-1'));
    await expect.poll(() => delivered.length).toBe(1);
    // Two more sweeps of C (each reads the whole list once) while the first delivery is still under way.
    const seen = sweeps;
    await expect.poll(() => sweeps, { timeout: 5000 }).toBeGreaterThanOrEqual(seen + 2);
    expect(delivered).toHaveLength(1);
    release();
    expect(await reply).toMatchObject({ status: 200, body: { data: { delivered: true } } });
    // The request and its answer as the source knows them (its own id), and the proxy's id of it.
    expect(delivered[0]?.[1]).toEqual(room('thread-1'));
    expect(delivered[0]?.[2]).toEqual(roomAnswer('thread-1'));
    expect(delivered[0]?.[3]).toEqual({ id: pid('thread-1'), team: 'blue' });
    const [record] = await fx.store.readRequests([pid('thread-1')]);
    expect([record?.state, record?.sealedAnswer]).toEqual(['delivered', undefined]);
    expect(c.proxy.stats().requests.opened).toBe(0);
  });

  it('says when a request is in the store (opened.stored): a step that ends right after open awaits it, and hears when the store failed', async () => {
    const a = await instance();
    const opened = a.proxy.requests.open(room('step-1'), { team: 'blue', durable: true });
    await opened.stored;
    // In the store already: the record is there without waiting for anything else.
    expect(await fx.store.readRequests([opened.id])).toEqual([expect.objectContaining({ id: opened.id, state: 'open', durable: true })]);
    await a.proxy.close();

    const down = new Proxy(fx.store, {
      get: (target, name: keyof ProxyStore) =>
        name === 'putRequest' ? () => Promise.reject(new Error('connection refused')) : (Reflect.get(target, name) as unknown),
    });
    const b = await instance({ store: down, onStoreError: () => undefined });
    await expect(b.proxy.requests.open(room('step-2'), { team: 'blue', durable: true }).stored).rejects.toThrow('connection refused');
  });

  it('hands a durable request’s deadline to onAnswer once, as its expiry', async () => {
    const delivered: HumanAnswer[] = [];
    const a = await instance({ requests: { onAnswer: (_, given) => void delivered.push(given) } });
    const opened = a.proxy.requests.open(room('thread-3'), { team: 'blue', durable: true, expiresAt: Date.now() + 100 });
    expect(await opened).toEqual({ requestId: 'thread-3', action: 'cancel', expired: true });
    expect(delivered).toEqual([{ requestId: 'thread-3', action: 'cancel', expired: true }]);
    expect(await list(a, 'ann@blue')).toEqual([expect.objectContaining({ state: 'expired' })]);
    expect(await answer(a, 'ann@blue', 'thread-3', roomAnswer('thread-3'))).toMatchObject({ status: 410, body: { state: 'expired' } });
  });

  it('writes its open requests again when the store lost them (a Redis restarted empty), and still takes their answer', async () => {
    const a = await instance();
    const opened = a.proxy.requests.open(room('lost'), { team: 'blue' });
    await list(a, 'ann@blue');
    fx.inner = emptyStore();
    await expect.poll(async () => (await list(a, 'ann@blue')).map((each) => each.state), { timeout: 5000 }).toEqual(['open']);
    expect(await answer(a, 'ann@blue', 'lost', roomAnswer('lost'))).toMatchObject({ status: 200 });
    expect(await opened).toEqual(roomAnswer('lost'));
  });

  it('keeps a durable answer nobody can take yet (202), and hands it to the next instance with onAnswer', async () => {
    const a = await instance({ requests: { answerWaitMs: 200 } });
    void a.proxy.requests.open(room('thread-2'), { team: 'blue', durable: true });
    await list(a, 'ann@blue');
    await a.proxy.close();
    fx.skew += 5000;
    const b = await instance({ requests: { answerWaitMs: 200 } });
    expect(await answer(b, 'ann@blue', 'thread-2', roomAnswer('thread-2'))).toMatchObject({
      status: 202,
      body: { success: true, data: { delivered: false } },
    });
    expect(await list(b, 'ann@blue')).toEqual([expect.objectContaining({ state: 'answered', answeredBy: 'ann@blue' })]);
    const delivered: HumanAnswer[] = [];
    await instance({ requests: { onAnswer: (_, given) => void delivered.push(given) } });
    await expect.poll(() => delivered, { timeout: 5000 }).toEqual([roomAnswer('thread-2')]);
    await expect.poll(async () => (await fx.store.readRequests([pid('thread-2')]))[0]?.state, { timeout: 5000 }).toBe('delivered');
  });
});
