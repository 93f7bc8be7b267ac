import { createSimulatedService, SIMULATOR_ORIGIN, type RandomFaults, type SimulatedService } from '../../../src/testing';
import { createTestClock, type TestClock } from './drive';

const KEY = 'sk_faults_77';

async function get(
  service: SimulatedService,
  path: string,
  method = 'GET',
): Promise<{ status: number | 'network'; text: string; headers: Headers }> {
  try {
    const response = await service.fetch(`${SIMULATOR_ORIGIN}${path}`, { method, headers: { 'x-api-key': KEY } });
    return { status: response.status, text: await response.text(), headers: response.headers };
  } catch {
    return { status: 'network', text: '', headers: new Headers() };
  }
}

describe('simulated service: injected faults', () => {
  let service: SimulatedService;
  let clock: TestClock;
  beforeEach(() => {
    clock = createTestClock();
    service = createSimulatedService({ apiKey: KEY, seed: 5, now: clock.now });
  });

  it('hits the next API request once by default, then answers normally', async () => {
    service.faults.inject({ type: 'http-500' });
    expect(service.faults.pending).toBe(1);
    expect((await get(service, '/api/v1/check')).status).toBe(500);
    expect(service.faults.pending).toBe(0);
    expect((await get(service, '/api/v1/check')).status).toBe(200);
    expect(service.requests.map((entry) => entry.fault)).toEqual(['http-500', null]);
  });

  it('hits only matching requests, as often as asked', async () => {
    service.faults.inject({ type: 'http-503', times: 2, match: { method: 'get', path: '/api/v1/task/{taskId}/run/status' } });
    expect((await get(service, '/api/v1/check')).status).toBe(200);
    expect((await get(service, '/api/v1/task/task_a/run/status')).status).toBe(503);
    expect((await get(service, '/api/v1/task/task_b/run/stop', 'PUT')).status).toBe(404);
    expect((await get(service, '/api/v1/task/task_b/run/status')).status).toBe(503);
    expect((await get(service, '/api/v1/task/task_c/run/status')).status).toBe(404);
  });

  it('matches a path by RegExp or exact pathname', async () => {
    service.faults.inject({ type: 'http-502', match: { path: /\/runs$/ } });
    service.faults.inject({ type: 'http-429', match: { path: '/api/v1/tasks' }, retryAfter: 3 });
    expect((await get(service, '/api/v1/tasks')).headers.get('retry-after')).toBe('3');
    expect((await get(service, '/api/v1/task/t/runs')).status).toBe(502);
  });

  it('answers every type with what it promises', async () => {
    const seen: Record<string, unknown> = {};
    for (const type of [
      'http-500',
      'http-502',
      'http-503',
      'http-429',
      'unauthorized',
      'api-error',
      'malformed',
      'empty',
      'not-envelope',
      'network',
    ] as const) {
      service.faults.inject({ type });
      const answer = await get(service, '/api/v1/check');
      seen[type] = [answer.status, answer.text];
    }
    expect(seen).toEqual({
      'http-500': [500, '{"success":false,"error":"Internal server error"}'],
      'http-502': [502, '{"success":false,"error":"Bad gateway"}'],
      'http-503': [503, '{"success":false,"error":"Service unavailable"}'],
      'http-429': [429, '{"success":false,"error":"Too many requests"}'],
      unauthorized: [401, '{"success":false,"error":"Invalid API key"}'],
      'api-error': [200, '{"success":false,"error":"The service could not process the request"}'],
      malformed: [200, expect.stringMatching(/^\{"success":true,"data":/) as unknown],
      empty: [200, ''],
      'not-envelope': [200, '{"status":"ok","result":null}'],
      network: ['network', ''],
    });
    expect((): unknown => JSON.parse((seen.malformed as [number, string])[1])).toThrow(SyntaxError);
  });

  it('with afterHandling, carries out the request and then loses the answer', async () => {
    service.faults.inject({ type: 'http-503', afterHandling: true, match: { method: 'POST' } });
    const response = await service.fetch(`${SIMULATOR_ORIGIN}/api/v1/task/create`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'Log in' }),
    });
    expect(response.status).toBe(503);
    expect(service.listTasks()).toHaveLength(1);
  });

  it('never answers a hang until the caller aborts, then rejects like fetch', async () => {
    service.faults.inject({ type: 'hang' });
    const controller = new AbortController();
    const pending = service.fetch(`${SIMULATOR_ORIGIN}/api/v1/check`, { headers: { 'x-api-key': KEY }, signal: controller.signal });
    await vi.waitFor(() => expect(service.requests).toHaveLength(1));
    expect(service.requests[0]?.endedAt).toBeNull();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(service.requests[0]).toMatchObject({ fault: 'hang', status: null, endedAt: expect.any(Number) as unknown });
  });

  it('ends hanging requests with a network error on reset', async () => {
    service.faults.inject({ type: 'hang' });
    const pending = service.fetch(`${SIMULATOR_ORIGIN}/api/v1/check`, { headers: { 'x-api-key': KEY } });
    await vi.waitFor(() => expect(service.requests).toHaveLength(1));
    service.reset();
    await expect(pending).rejects.toThrow(TypeError);
  });

  it('does not touch the live view or recordings', async () => {
    service.faults.inject({ type: 'http-500' });
    expect((await get(service, '/live/run_unknown')).status).toBe(404);
    expect(service.faults.pending).toBe(1);
  });

  it('drops queued and random faults on clear', async () => {
    service.faults.inject({ type: 'http-500' });
    service.faults.configure({ errorRate: 1 });
    service.faults.clear();
    expect((await get(service, '/api/v1/check')).status).toBe(200);
  });

  it('refuses times below 1', () => {
    expect(() => service.faults.inject({ type: 'http-500', times: 0 })).toThrow(RangeError);
  });
});

describe('simulated service: random faults', () => {
  async function outcomes(seed: number, faults: RandomFaults, count = 200): Promise<Array<number | 'network'>> {
    const service = createSimulatedService({ apiKey: KEY, seed, faults, now: createTestClock().now });
    const seen: Array<number | 'network'> = [];
    for (let i = 0; i < count; i++) seen.push((await get(service, '/api/v1/check')).status);
    return seen;
  }

  it('roll the same dice for the same seed', async () => {
    const faults = { errorRate: 0.2, malformedRate: 0.1, networkErrorRate: 0.1 };
    const first = await outcomes(1, faults);
    expect(await outcomes(1, faults)).toEqual(first);
    expect(await outcomes(2, faults)).not.toEqual(first);
  });

  it('hit roughly the share asked for, with both 500 and 503', async () => {
    const seen = await outcomes(9, { errorRate: 0.3 }, 1000);
    const errors = seen.filter((status) => status === 500 || status === 503);
    expect(errors.length).toBeGreaterThan(200);
    expect(errors.length).toBeLessThan(400);
    expect(new Set(errors)).toEqual(new Set([500, 503]));
    expect(seen.filter((status) => status === 200)).toHaveLength(1000 - errors.length);
  });

  it('answer nothing but faults at rate 1 and nothing but successes at rate 0', async () => {
    expect(new Set(await outcomes(3, { networkErrorRate: 1 }, 20))).toEqual(new Set(['network']));
    expect(new Set(await outcomes(3, { errorRate: 0, hangRate: 0 }, 20))).toEqual(new Set([200]));
  });

  it('limit the request rate per window with Retry-After', async () => {
    const clock = createTestClock();
    const service = createSimulatedService({
      apiKey: KEY,
      seed: 1,
      now: clock.now,
      faults: { rateLimit: { requests: 2, windowMs: 10_000 } },
    });
    expect((await get(service, '/api/v1/check')).status).toBe(200);
    clock.advance(1000);
    expect((await get(service, '/api/v1/check')).status).toBe(200);
    clock.advance(1000);
    const limited = await get(service, '/api/v1/check');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('8');
    expect(service.requests.at(-1)?.fault).toBe('rate-limit');
    clock.advance(8000);
    expect((await get(service, '/api/v1/check')).status).toBe(200);
  });

  it('delay answers by latencyMs on the timer clock', async () => {
    vi.useFakeTimers();
    try {
      const service = createSimulatedService({ apiKey: KEY, seed: 1, faults: { latencyMs: { min: 200, max: 400 } } });
      let answered = false;
      const pending = get(service, '/api/v1/check').then((answer) => {
        answered = true;
        return answer;
      });
      await vi.advanceTimersByTimeAsync(199);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(201);
      expect((await pending).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be switched on while running', async () => {
    const service = createSimulatedService({ apiKey: KEY, seed: 1 });
    expect((await get(service, '/api/v1/check')).status).toBe(200);
    service.faults.configure({ malformedRate: 1 });
    expect((await get(service, '/api/v1/check')).text).not.toMatch(/}$/);
  });
});
