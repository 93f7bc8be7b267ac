/**
 * The simulator's hand-off: the agent calls `human_control` because a CAPTCHA blocks it, the run's
 * live page shows the challenge as a plain form, and the agent goes on only if a person really
 * passed it there. All over real HTTP, as a page and a person would reach the simulator.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { createTaskClient, type TaskClient, type ToolCall } from '../../../src/client';
import { formInputTool, humanControlTool } from '../../../src/schema';
import { createHumanControlScenario, createSimulatedService, startSimulatorServer, type SimulatorServer } from '../../../src/testing';

const KEY = 'sk_hand_off_test';
const TASK = 'Check out past a CAPTCHA (take control)';
const WAIT = { timeout: 10_000, interval: 5 };

const requireHere = createRequire(import.meta.url);
const axeSource = readFileSync(requireHere.resolve('axe-core/axe.min.js'), 'utf8');

/** The part of jsdom this file uses: the package ships no types. */
interface JsdomWindow {
  document: Document;
  eval(code: string): void;
  close(): void;
  axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
}
const { JSDOM } = requireHere('jsdom') as {
  JSDOM: new (html: string, options: { runScripts: 'outside-only'; url: string }) => { window: JsdomWindow };
};

let server: SimulatorServer;
let client: TaskClient;

beforeAll(async () => {
  // Each page of the scenario takes 1.5 ms instead of 1.5 s.
  server = await startSimulatorServer({ apiKey: KEY, seed: 'hand-off', timeScale: 0.001 });
  client = createTaskClient({ baseUrl: server.url, apiKey: KEY });
});
afterAll(() => server.close());

/** Creates the task, as the playground does, with the hand-off among its tools. */
async function createTask(): Promise<string> {
  return (await client.createTask({ task: TASK, agent: 'BROWSER_AGENT', tools: [formInputTool(), humanControlTool()] })).taskId;
}

/** Polls the run's status until it waits on a `human_control` call other than `previous`. */
async function waitForHandOff(taskId: string, previous?: ToolCall): Promise<{ call: ToolCall; live: string }> {
  return vi.waitFor(async () => {
    const status = await client.getRunStatus(taskId);
    const call = status.toolCall;
    if (call?.tool.name !== 'human_control' || call.toolCallId === previous?.toolCallId) throw new Error(`still ${status.detailedStatus}`);
    return { call, live: status.liveStatus };
  }, WAIT);
}

async function waitForEnd(taskId: string) {
  await vi.waitFor(async () => expect((await client.getRunStatus(taskId)).status).not.toBe('running'), WAIT);
  return client.getRunResult(taskId);
}

async function answer(taskId: string, call: ToolCall, input: unknown): Promise<void> {
  await client.submitToolInput(taskId, { toolCallId: call.toolCallId, input: JSON.stringify(input) });
}

async function getLivePage(live: string) {
  const response = await fetch(live);
  expect(response.status).toBe(200);
  return { csp: response.headers.get('content-security-policy') ?? '', html: await response.text() };
}

/** The code as a person reads it off the page. */
function shownCode(html: string): string {
  const code = /Code shown: <span class="code">([A-Z0-9]+)<\/span>/.exec(html)?.[1];
  if (code === undefined) throw new Error(`no code shown in ${html}`);
  return code;
}

/** Posts the challenge's form as a browser does, where its `action` points, and follows nothing. */
async function postChallenge(live: string, html: string, fields: Record<string, string>): Promise<string> {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (action === undefined) throw new Error('no challenge form on the page');
  const response = await fetch(new URL(action, live), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '', response.url).href;
}

describe('the human-control scenario over HTTP', () => {
  it('shows the challenge in the live page; a person passes it there and the run completes', async () => {
    const taskId = await createTask();
    expect(server.service.getTask(taskId)?.scenario).toBe('human-control');
    const { call, live } = await waitForHandOff(taskId);
    expect(call.tool.parameters).toEqual({
      reason: 'A CAPTCHA blocks the checkout',
      instructions: 'Tick the box and type the code shown',
      timeoutSeconds: 300,
    });

    const page = await getLivePage(live);
    expect(page.csp).toBe("default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'");
    expect(page.html).not.toMatch(/<script|\bon[a-z]+=/i);
    // A reload would wipe what the person types.
    expect(page.html).not.toContain('http-equiv="refresh"');
    expect(page.html).toContain('<label for="challenge-human">I am not a robot</label>');
    const code = shownCode(page.html);

    // A GET of the form's target changes nothing.
    expect((await fetch(`${live}/challenge`)).status).toBe(405);

    const hostile = '<img src=x onerror=alert(1)>';
    expect(await postChallenge(live, page.html, { human: 'yes', code: hostile })).toBe(live);
    const wrong = await getLivePage(live);
    expect(wrong.html).toContain('Wrong code, try again.');
    expect(wrong.html).not.toContain('<img');
    expect(wrong.html).not.toContain('onerror');
    expect(shownCode(wrong.html)).toBe(code);

    await postChallenge(live, wrong.html, { code });
    expect((await getLivePage(live)).html).toContain('Tick “I am not a robot”, then try again.');

    // Typed loosely, as people copy codes.
    await postChallenge(live, wrong.html, { human: 'yes', code: ` ${code.toLowerCase()} ` });
    const passed = await getLivePage(live);
    expect(passed.html).toContain('Challenge passed.');
    expect(passed.html).not.toContain('<form');
    expect(passed.csp).toContain("form-action 'none'");
    expect(passed.html).toContain('http-equiv="refresh"');

    await answer(taskId, call, { done: true });
    expect(await waitForEnd(taskId)).toMatchObject({
      status: 'completed',
      error: null,
      output: { summary: 'Checkout finished after a person passed the CAPTCHA.', handOffs: 1 },
    });
    const ended = await getLivePage(live);
    expect(ended.html).not.toContain('Security check');
    expect(ended.html).not.toContain(code);
  });

  it('asks again when told done while the challenge is still there, then fails', async () => {
    const taskId = await createTask();
    const first = await waitForHandOff(taskId);
    const code = shownCode((await getLivePage(first.live)).html);
    await answer(taskId, first.call, { done: true });

    const second = await waitForHandOff(taskId, first.call);
    expect(second.call.tool.parameters).toMatchObject({ reason: 'The challenge is still there' });
    // The same challenge, still unsolved.
    expect(shownCode((await getLivePage(second.live)).html)).toBe(code);
    await answer(taskId, second.call, { done: true, note: 'Done!' });

    expect(await waitForEnd(taskId)).toMatchObject({
      status: 'failed',
      error: { message: 'The challenge was still there after 2 hand-offs.', code: 'CHALLENGE_NOT_PASSED' },
    });
    // What the agent saw each time it looked at its page again.
    expect(server.service.getTask(taskId)?.runs[0]?.answers.map((entry) => entry.challengePassed)).toEqual([false, false]);
  });

  it('goes on once the person passes the challenge at the second hand-off', async () => {
    const taskId = await createTask();
    const first = await waitForHandOff(taskId);
    await answer(taskId, first.call, { done: true });
    const second = await waitForHandOff(taskId, first.call);
    const page = await getLivePage(second.live);
    await postChallenge(second.live, page.html, { human: 'yes', code: shownCode(page.html) });
    await answer(taskId, second.call, { done: true });
    expect(await waitForEnd(taskId)).toMatchObject({ status: 'completed', output: { handOffs: 2 } });
  });

  it.each([
    [
      { done: false, expired: true },
      { message: 'The hand-off expired.', code: 'HAND_OFF_EXPIRED' },
    ],
    [
      { done: false, note: 'I could not read it' },
      { message: 'Nobody could pass the challenge.', code: 'HAND_OFF_DECLINED' },
    ],
  ])('fails the run when answered %j', async (input, error) => {
    const taskId = await createTask();
    const { call, live } = await waitForHandOff(taskId);
    const page = await getLivePage(live);
    await answer(taskId, call, input);
    expect(await waitForEnd(taskId)).toMatchObject({ status: 'failed', error });
    // The form of a run that ended changes nothing.
    await postChallenge(live, page.html, { human: 'yes', code: shownCode(page.html) });
    expect((await getLivePage(live)).html).not.toContain('Challenge passed');
  });

  it('fails at once when the task has no human_control tool to call', async () => {
    const { taskId } = await client.createTask({ task: TASK, tools: [formInputTool()] });
    expect(await waitForEnd(taskId)).toMatchObject({ status: 'failed', error: { code: 'NO_HAND_OFF_TOOL' } });
  });

  it('gives the person the time a scenario of its own sets', async () => {
    const service = createSimulatedService({ scenario: createHumanControlScenario({ timeoutSeconds: 5 }), timeScale: 0.001 });
    const { taskId } = await service.client.createTask({ task: 'anything', tools: [humanControlTool()] });
    await vi.waitFor(() => expect(service.getTask(taskId)?.runs[0]?.toolCall?.tool.parameters).toMatchObject({ timeoutSeconds: 5 }), WAIT);
    expect(() => createHumanControlScenario({ timeoutSeconds: 0.5 })).toThrow(RangeError);
  });

  it('refuses a challenge form that is not form-encoded, or too large', async () => {
    const taskId = await createTask();
    const { live } = await waitForHandOff(taskId);
    const post = (body: string, type: string) => fetch(`${live}/challenge`, { method: 'POST', headers: { 'content-type': type }, body });
    expect((await post('{"human":"yes"}', 'application/json')).status).toBe(415);
    expect((await post(`code=${'A'.repeat(5000)}`, 'application/x-www-form-urlencoded')).status).toBe(413);
    expect((await fetch(`${server.url}/live/run_unknown/challenge`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the challenge form', () => {
  it('is labelled, in a keyboard order of box, code, submit, and axe-clean, with and without a mistake', async () => {
    const taskId = await createTask();
    const { live } = await waitForHandOff(taskId);
    const fresh = (await getLivePage(live)).html;
    await postChallenge(live, fresh, { human: 'yes', code: 'nope' });
    const withMistake = (await getLivePage(live)).html;
    expect(withMistake).toContain('aria-invalid="true"');
    for (const html of [fresh, withMistake]) {
      const dom = new JSDOM(html, { runScripts: 'outside-only', url: live });
      const { document } = dom.window;
      const focusable = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')];
      expect(focusable.map((element) => `${element.tagName.toLowerCase()}:${element.getAttribute('type') ?? ''}`)).toEqual([
        'input:checkbox',
        'input:text',
        'button:submit',
      ]);
      const label = (id: string) => document.querySelector(`label[for="${id}"]`)?.textContent;
      expect([label('challenge-human'), label('challenge-code')]).toEqual(['I am not a robot', 'Type the code shown']);
      expect(document.querySelector('button')?.textContent).toBe('Submit');

      dom.window.eval(axeSource);
      // jsdom has no layout: contrast and target sizes cannot be computed there.
      const results = await dom.window.axe.run(document, {
        rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
      });
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`)).toEqual([]);
      dom.window.close();
    }
  });
});
