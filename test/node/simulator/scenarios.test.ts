import Ajv from 'ajv';
import type { ToolCall } from '../../../src/client';
import { formInputSchema, formInputTool, humanControlTool } from '../../../src/schema';
import {
  approvePurchaseTool,
  builtInScenarios,
  createSimulatedService,
  findFormAnswer,
  loginScenario,
  type Scenario,
  type ScenarioAnswer,
} from '../../../src/testing';
import { createTestClock, driveToEnd, plausibleInput } from './drive';

const allTools = [formInputTool(), approvePurchaseTool(), humanControlTool()];

function setup(options: Parameters<typeof createSimulatedService>[0] = {}) {
  const clock = createTestClock();
  const service = createSimulatedService({ seed: 11, now: clock.now, ...options });
  return { service, clock, client: service.client };
}

describe('built-in scenarios', () => {
  it('ship the seven documented scenarios under unique names', () => {
    expect(builtInScenarios.map((scenario) => scenario.name).sort()).toEqual(
      ['failing-run', 'human-control', 'login', 'long-run', 'non-form-tool', 'shipping', 'two-factor'].sort(),
    );
  });

  it.each(builtInScenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s: every tool call it makes validates against its tool schema',
    async (_, scenario) => {
      const { client, clock } = setup({ scenario });
      const { taskId } = await client.createTask({ task: 'anything', tools: allTools });
      const calls = await driveToEnd(client, clock, taskId);

      const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
      const validators = {
        form_input: ajv.compile(formInputSchema),
        approve_purchase: ajv.compile(approvePurchaseTool().function.parameters ?? {}),
        human_control: ajv.compile(humanControlTool().function.parameters ?? {}),
      };
      for (const call of calls) {
        const validate = validators[call.tool.name as keyof typeof validators];
        expect(validate, `no schema for ${call.tool.name}`).toBeDefined();
        expect(validate(call.tool.parameters), JSON.stringify(validate.errors)).toBe(true);
      }
      if (scenario.name !== 'failing-run') expect(calls.length).toBeGreaterThan(0);
    },
  );

  it('login: asks for a username and password and signs in as that user', async () => {
    const { client, clock } = setup();
    const { taskId } = await client.createTask({ task: 'Sign in to my shop account', tools: allTools });
    const calls = await driveToEnd(client, clock, taskId, (call) => plausibleInput(call, { Username: 'mary.s' }));
    expect(calls).toHaveLength(1);
    expect((await client.getRunResult(taskId)).output.summary).toBe('Signed in as mary.s.');
  });

  it('two-factor: asks for a 6-digit code after the login, and fails the run on a wrong one', async () => {
    const { client, clock } = setup();
    const good = (await client.createTask({ task: 'Check my bank balance (2FA)', tools: allTools })).taskId;
    const calls = await driveToEnd(client, clock, good);
    expect(calls.map((call) => (call.tool.parameters as { heading: string }).heading)).toEqual([
      'Sign in to Northwind Bank',
      'Enter your verification code',
    ]);
    const codeField = (calls[1]?.tool.parameters as { fields: Array<Record<string, unknown>> }).fields[0];
    expect(codeField).toMatchObject({ pattern: '^[0-9]{6}$', minLength: 6, maxLength: 6, autocomplete: 'one-time-code' });
    expect(await client.getRunResult(good)).toMatchObject({ status: 'completed', error: null });

    const bad = (await client.createTask({ task: 'Check my bank balance (2FA)', tools: allTools })).taskId;
    await driveToEnd(client, clock, bad, (call) => plausibleInput(call, { 'Verification code': '12ab' }));
    expect(await client.getRunResult(bad)).toMatchObject({ status: 'failed', error: { code: 'VERIFICATION_FAILED' } });
  });

  it('shipping: numeric option values come back as numbers and shape the confirmation and result', async () => {
    const { client, clock } = setup();
    const { taskId } = await client.createTask({ task: 'Finish the checkout with express shipping', tools: allTools });
    const calls = await driveToEnd(client, clock, taskId, (call) => plausibleInput(call, { 'Shipping method': 990 }));

    const method = (calls[0]?.tool.parameters as { fields: Array<{ label: string; type: string; options?: Array<{ value: unknown }> }> })
      .fields[0];
    expect(method?.type).toBe('radio');
    expect(method?.options?.every((option) => typeof option.value === 'number')).toBe(true);
    const confirm = calls[1]?.tool.parameters as { description: string; fields: Array<{ type: string }> };
    expect(confirm.fields[0]?.type).toBe('switch');
    expect(confirm.description).toContain('€96.40');

    const result = await client.getRunResult(taskId);
    expect(result.output).toMatchObject({ orderPlaced: true, shipping: 'express' });
    expect(result.dataTable).toContainEqual({ title: 'Total', value: 96.4 });
  });

  it('shipping: nothing is ordered when the switch is left off', async () => {
    const { client, clock } = setup();
    const { taskId } = await client.createTask({ task: 'Checkout my cart', tools: allTools });
    await driveToEnd(client, clock, taskId, (call) => plausibleInput(call, { 'Place the order': false }));
    expect((await client.getRunResult(taskId)).output).toMatchObject({ orderPlaced: false });
  });

  it('non-form-tool: a declined approval buys nothing', async () => {
    const { client, clock } = setup();
    const { taskId } = await client.createTask({ task: 'Buy the office chair', tools: allTools });
    const calls = await driveToEnd(client, clock, taskId, () => JSON.stringify({ approved: false, note: 'too expensive' }));
    expect(calls.map((call) => call.tool.name)).toEqual(['approve_purchase']);
    expect((await client.getRunResult(taskId)).output).toMatchObject({ purchased: false });
  });

  it('long-run: several questions over many pages and a 12-row table', async () => {
    const { service, client, clock } = setup();
    const { taskId } = await client.createTask({ task: 'Research and compare laptops', tools: allTools });
    const pages = new Set<string>();
    const calls: ToolCall[] = [];
    for (let guard = 0; guard < 200; guard++) {
      const status = await client.getRunStatus(taskId);
      pages.add(service.getTask(taskId)?.runs[0]?.page?.url ?? '');
      if (status.status !== 'running') break;
      if (status.toolCall === null) clock.advance(500);
      else {
        calls.push(status.toolCall);
        await client.submitToolInput(taskId, { input: plausibleInput(status.toolCall), toolCallId: status.toolCall.toolCallId });
      }
    }
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(pages.size).toBeGreaterThanOrEqual(8);
    const result = await client.getRunResult(taskId);
    expect(result.status).toBe('completed');
    expect(result.dataTable).toHaveLength(12);
  });

  it('failing-run: fails with message and code, and still gets a recording', async () => {
    const { client, clock } = setup();
    const { taskId } = await client.createTask({ task: 'Try the broken booking site' });
    clock.advance(6499);
    expect((await client.getRunStatus(taskId)).status).toBe('running');
    clock.advance(1);
    expect(await client.getRunStatus(taskId)).toMatchObject({ status: 'failed', detailedStatus: 'failed', toolCall: null });
    expect(await client.getRunResult(taskId)).toEqual({
      status: 'failed',
      error: {
        message: 'The payment page did not load after 3 attempts (HTTP 503).',
        code: 'PAGE_LOAD_FAILED',
        url: 'https://travel.example.com/booking/payment',
      },
      output: {},
      dataTable: [],
    });
    clock.advance(2000);
    expect((await client.getRunGif(taskId)).status).toBe('completed');
  });
});

describe('scenario selection', () => {
  it.each([
    ['Log in to Acme', 'login'],
    ['SIGN IN and show my orders', 'login'],
    ['Log in to my bank with 2FA', 'two-factor'],
    ['Go through CHECKOUT', 'shipping'],
    ['Buy a chair', 'non-form-tool'],
    ['Compare laptop prices', 'long-run'],
    ['This one should fail', 'failing-run'],
    ['Water the plants', 'login'],
    // Whole words only: "failover" is no failure, "errorless" no error, "embankment" no bank.
    ['Log in to Acme Shop (failover)', 'login'],
    ['Sign in to the errorless portal', 'login'],
    ['Walk the embankment', 'login'],
    ['The payment failed', 'failing-run'],
    ['Book the trip; this run will FAIL.', 'failing-run'],
    ['Ship   it', 'shipping'],
    ['Check  out my cart', 'shipping'],
    ['Check out past a CAPTCHA (take control)', 'human-control'],
    ['Log in, then press and hold the button', 'human-control'],
  ])('%s → %s', async (task, expected) => {
    const { service } = setup();
    const { taskId } = await service.client.createTask({ task });
    expect(service.getTask(taskId)?.scenario).toBe(expected);
  });

  it('uses defaultScenario when no keyword matches', async () => {
    const { service } = setup({ defaultScenario: 'shipping' });
    const { taskId } = await service.client.createTask({ task: 'Water the plants' });
    expect(service.getTask(taskId)?.scenario).toBe('shipping');
  });

  it('gives every task the forced scenario, by name or as an object', async () => {
    const byName = setup({ scenario: 'failing-run' });
    expect(byName.service.getTask((await byName.service.client.createTask({ task: 'Log in' })).taskId)?.scenario).toBe('failing-run');
    const custom: Scenario = { ...loginScenario, name: 'custom' };
    const byObject = setup({ scenario: custom });
    expect(byObject.service.getTask((await byObject.service.client.createTask({ task: 'Buy' })).taskId)?.scenario).toBe('custom');
  });

  it('refuses unknown scenario names and an empty list at creation', () => {
    expect(() => createSimulatedService({ defaultScenario: 'nope' })).toThrow(/no scenario named "nope"/);
    expect(() => createSimulatedService({ scenario: 'nope' })).toThrow(RangeError);
    expect(() => createSimulatedService({ scenarios: [] })).toThrow(RangeError);
  });

  it('tries custom scenarios in order and falls back to the first when there is no login', async () => {
    const quick = (name: string, keywords: string[]): Scenario => ({
      name,
      description: name,
      keywords,
      steps: [{ type: 'page', title: name, url: `https://${name}.example.com/`, durationMs: 10 }],
      result: { summary: name },
    });
    const { service } = setup({ scenarios: [quick('alpha', ['water']), quick('beta', ['water', 'plants'])] });
    expect(service.getTask((await service.client.createTask({ task: 'water the plants' })).taskId)?.scenario).toBe('alpha');
    expect(service.getTask((await service.client.createTask({ task: 'Plants only' })).taskId)?.scenario).toBe('beta');
    expect(service.getTask((await service.client.createTask({ task: 'Something else' })).taskId)?.scenario).toBe('alpha');
  });

  it('fails the run, not the request, when a custom scenario throws', async () => {
    const broken: Scenario = {
      name: 'broken',
      description: 'throws',
      keywords: [],
      steps: [],
      result: () => {
        throw new Error('boom');
      },
    };
    const { service } = setup({ scenario: broken });
    const { taskId } = await service.client.createTask({ task: 'x' });
    expect(await service.client.getRunResult(taskId)).toMatchObject({
      status: 'failed',
      error: { code: 'SCENARIO_ERROR', message: 'The scenario "broken" failed: boom' },
    });
  });
});

describe('findFormAnswer', () => {
  const answer = (tool: string, input: string): ScenarioAnswer => ({ tool, toolCallId: 'call_1', parameters: {}, input });

  it('finds a field by label in the most recent form answer that has it', () => {
    const answers = [
      answer('form_input', JSON.stringify([{ label: 'Username', value: 'old' }])),
      answer('form_input', JSON.stringify([{ label: 'Code', value: '123456' }])),
      answer('form_input', JSON.stringify([{ label: 'Username', value: 'new' }])),
    ];
    expect(findFormAnswer(answers, 'Username')).toBe('new');
    expect(findFormAnswer(answers, 'Code')).toBe('123456');
    expect(findFormAnswer(answers, 'Missing')).toBeUndefined();
  });

  it('ignores answers of other tools and answers that are not form answers', () => {
    const answers = [
      answer('approve_purchase', JSON.stringify([{ label: 'Username', value: 'x' }])),
      answer('form_input', 'not json'),
      answer('form_input', JSON.stringify({ label: 'Username', value: 'y' })),
    ];
    expect(findFormAnswer(answers, 'Username')).toBeUndefined();
  });
});
