/**
 * Every agent framework, end to end: the real framework runs in this Node process (the MCP SDK's
 * server and client, the AI SDK's chat and agent, LangChain's agent with its human-in-the-loop
 * middleware, an AG-UI client agent), its request goes through its adapter to
 * `<HumanRequestPrompt>` in Chromium, a person answers it there by role and label, and the answer
 * goes back through the adapter to the framework, which must take it as its own spec says. Each
 * framework's decline, cancel and deadline too. One browser, one page, one request at a time.
 */
import { ResumeEntrySchema } from '@ag-ui/core/schemas';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import type { Locator } from 'playwright-core';
import { fromAgUiInterrupt, toResumeEntry, type AgUiInterrupt } from '../../src/adapters/ag-ui';
import { fromToolApproval, fromToolCall, toToolApprovalResponse, toToolOutput } from '../../src/adapters/ai-sdk';
import { fromInterrupt } from '../../src/adapters/langgraph';
import type { HumanAnswer } from '../../src/request';
import {
  ScriptedAgent,
  approvalSchema,
  emailArgs,
  finished,
  interrupted,
  mailAgent,
  started,
  toolCallOf,
  toolResults,
} from '../node/adapters/ag-ui-fixture';
import { deleteFileChat, formChat, newsletterParameters } from '../node/adapters/ai-sdk-fixture';
import { deletion, email, interruptedAgent, toolReplies } from '../node/adapters/langgraph-fixture';
import { connectMcp, type McpSession } from '../node/adapters/mcp-fixture';
import { WAIT, useRequestPage } from './request-page';

/**
 * How far ahead of the page's clock a deadline is set: further than any machine takes to show a
 * request, so none passes before the test has seen the request. Nobody waits for it: the test moves
 * the page's clock past it (`passDeadline`).
 */
const DEADLINE_MS = 10 * 60_000;
const EXPIRED = 'This request expired. The agent was told it was not answered in time.';

const rig = useRequestPage();

// The page's timers and `Date` are Playwright's from here on: they run in real time until a test
// moves them on. Installed before the first request, so every deadline's timer is one of them.
beforeAll(() => rig.page.clock.install());

/** The page's time, which deadlines are set on (it runs ahead of this process's once a deadline was passed). */
const pageNow = () => rig.page.evaluate(() => Date.now());

/** Moves the page's clock past a deadline set `DEADLINE_MS` ahead: its timer fires now, as it would then. */
const passDeadline = () => rig.page.clock.fastForward(DEADLINE_MS);

/** Waits for the prompt to say it expired (it answered the deadline's cancel), and checks axe on what is left. */
async function expectExpired(heading: string) {
  await rig.page.getByRole('region', { name: heading, exact: true }).getByRole('alert').filter({ hasText: EXPIRED }).waitFor(WAIT);
  expect(await rig.axeViolations()).toEqual([]);
}

/** Opens the select named `label` and picks `option`, as a person does with the pointer. */
async function choose(region: Locator, label: string, option: string) {
  await region.getByRole('combobox', { name: label }).click();
  await rig.page.getByRole('option', { name: option, exact: true }).click();
}

describe('MCP elicitation (a McpServer tool calls elicitInput; the Client handler shows it)', () => {
  const TITLE = 'The bookings server asks';
  const message = 'Book the room for <b>Friday</b> & say who comes';
  const requestedSchema = {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Full name', minLength: 2 },
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 8 },
      newsletter: { type: 'boolean', title: 'Send me the newsletter', default: false },
      day: { type: 'string', title: 'Day', format: 'date' },
      room: {
        type: 'string',
        title: 'Room',
        oneOf: [
          { const: 'r-1', title: 'Blue room' },
          { const: 'r-2', title: 'Green room' },
        ],
      },
      catering: { type: 'array', title: 'Catering', items: { type: 'string', enum: ['coffee', 'tea', 'lunch'] }, minItems: 1, maxItems: 2 },
    },
    required: ['name', 'guests', 'day', 'room', 'catering'],
  } satisfies ElicitRequestFormParams['requestedSchema'];
  let deadline: number | undefined;
  let session: McpSession;
  // One connection, as a client keeps: the server's JSON-RPC ids make each elicitation a new request.
  beforeAll(async () => {
    session = await connectMcp(
      (request) => rig.ask(request),
      { message, requestedSchema },
      () => ({ title: TITLE, deadline }),
    );
  });
  afterAll(() => session.close());

  /** Calls the tool; resolves with what its elicitInput got, as the tool's result says (after the server's own validation). */
  const book = () => {
    const call = session.client.callTool({ name: 'book', arguments: {} }).then((result) => {
      // The server checked the content against the requested schema: a wrong type fails the tool.
      expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
      return JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '') as unknown;
    });
    // A test that fails before it awaits the call leaves it to reject when the connection closes.
    call.catch(() => undefined);
    return call;
  };

  it('a form of every kind of field: the tool receives the typed content, which the server validated', async () => {
    // A deadline far off: the time left is shown (and axe checks it), nothing expires.
    deadline = (await pageNow()) + 600_000;
    const result = book();
    const region = await rig.shown(TITLE, [message]);
    deadline = undefined;
    await region.getByText(/^Time left: (10|9) min$/).waitFor(WAIT);
    await region.getByLabel('Full name').pressSequentially('Ada Lovelace');
    await region.getByLabel('Guests').fill('3');
    await region.getByRole('checkbox', { name: 'Send me the newsletter' }).check();
    await region.getByLabel('Day').fill('2026-03-14');
    await choose(region, 'Room', 'Green room');
    // None of the catering chosen: the form says at least one is needed, and sends nothing.
    await region.getByRole('button', { name: 'Submit' }).click();
    await region.getByText('Choose at least 1 option').first().waitFor(WAIT);
    expect(session.outcomes).toEqual([]);
    expect(await rig.axeViolations()).toEqual([]);

    const catering = region.getByRole('group', { name: 'Catering' });
    await catering.getByRole('checkbox', { name: 'coffee' }).check();
    await catering.getByRole('checkbox', { name: 'lunch' }).check();
    await region.getByRole('button', { name: 'Submit' }).click();
    expect(await result).toEqual({
      action: 'accept',
      content: { name: 'Ada Lovelace', guests: 3, newsletter: true, day: '2026-03-14', room: 'r-2', catering: ['coffee', 'lunch'] },
    });
    await region.getByRole('status').filter({ hasText: 'Answer sent.' }).waitFor(WAIT);
    expect(await rig.axeViolations()).toEqual([]);
  });

  it.each([
    ['Decline', 'decline', 'Declined.'],
    ['Cancel', 'cancel', 'Cancelled.'],
  ] as const)('"%s": the tool receives %s', async (button, action, said) => {
    const result = book();
    const region = await rig.shown(TITLE, [message]);
    await region.getByRole('button', { name: button }).click();
    expect(await result).toEqual({ action });
    await region.getByRole('status').filter({ hasText: said }).waitFor(WAIT);
  });

  it('at the deadline the prompt closes and the tool receives cancel', async () => {
    deadline = (await pageNow()) + DEADLINE_MS;
    const result = book();
    await rig.shown(TITLE, [message]);
    await passDeadline();
    expect(await result).toEqual({ action: 'cancel' });
    deadline = undefined;
    await expectExpired(TITLE);
  });

  it('URL mode: the link is shown, "I have finished" accepts', async () => {
    const url = 'https://calendar.example.com/connect?elicitation=e-frameworks-1';
    const elicit = { mode: 'url', message: 'Connect your <i>calendar</i>', url, elicitationId: 'e-frameworks-1' } as const;
    const links = await connectMcp(
      (request) => rig.ask(request),
      elicit,
      () => ({ title: TITLE }),
    );
    try {
      const call = links.client.callTool({ name: 'book', arguments: {} });
      const region = await rig.shown(TITLE, [elicit.message]);
      const link = region.getByRole('link', { name: 'Open calendar.example.com (new tab)' });
      expect([await link.getAttribute('href'), await link.getAttribute('target')]).toEqual([url, '_blank']);
      await region.getByRole('button', { name: 'I have finished' }).click();
      expect((await call).isError).not.toBe(true);
      expect(links.outcomes).toEqual([{ action: 'accept' }]);
    } finally {
      await links.close();
    }
  });
});

describe('AI SDK (a ToolLoopAgent over the chat’s DirectChatTransport)', () => {
  /** Feeds the approval's answer back and resolves with what the model's next turn read about the call. */
  const approve = async (setup: Awaited<ReturnType<typeof deleteFileChat>>, answer: Promise<HumanAnswer>) => {
    const next = setup.nextFinish();
    await setup.chat.addToolApprovalResponse(toToolApprovalResponse(await answer));
    await next;
    const toolMessage = setup.prompts[1]?.find((message) => message.role === 'tool');
    return toolMessage?.content.find((content) => content.type === 'tool-result')?.output;
  };

  it('approved: the tool runs exactly once, and the model reads its output', async () => {
    const setup = await deleteFileChat();
    const answer = rig.ask(fromToolApproval(setup.part));
    const region = await rig.shown('Approval requested', ['/tmp/report.pdf']);
    await region.getByRole('heading', { name: 'Approve deleteFile?' }).waitFor(WAIT);
    await region.getByRole('button', { name: 'Approve' }).click();
    expect(await approve(setup, answer)).toEqual({ type: 'text', value: 'Deleted /tmp/report.pdf' });
    expect(setup.deleted).toEqual(['/tmp/report.pdf']);
    // The conversation goes on with the approved call in its history: nothing runs again.
    await setup.chat.sendMessage({ text: 'Thanks' });
    expect(setup.deleted).toEqual(['/tmp/report.pdf']);
  });

  it('rejected with a reason: the tool never runs, and the model reads the reason', async () => {
    const setup = await deleteFileChat();
    const answer = rig.ask(fromToolApproval(setup.part));
    const region = await rig.shown('Approval requested', ['/tmp/report.pdf']);
    await region.getByRole('button', { name: 'Reject' }).click();
    await region.getByLabel('Reason for rejecting (optional)').fill('Keep it, I still need it');
    expect(await rig.axeViolations()).toEqual([]);
    await region.getByRole('button', { name: 'Send rejection' }).click();
    expect(await approve(setup, answer)).toEqual({ type: 'execution-denied', reason: 'Keep it, I still need it' });
    expect(setup.deleted).toEqual([]);
  });

  it('a client-side form_input tool: the model receives the form’s answer as the tool’s output', async () => {
    const heading = 'Newsletter <i>weekly</i>';
    const setup = await formChat({ ...newsletterParameters, heading });
    const answer = rig.ask(fromToolCall(setup.part));
    const region = await rig.shown('Input requested', [heading]);
    await region.getByRole('textbox', { name: /Email/ }).fill('ann@example.com');
    await region.getByRole('checkbox', { name: 'Weekly digest' }).check();
    await region.getByRole('button', { name: 'Subscribe' }).click();
    const next = setup.nextFinish();
    await setup.chat.addToolOutput(toToolOutput(await answer, setup.part));
    await next;
    const toolMessage = setup.prompts[1]?.find((message) => message.role === 'tool');
    const formAnswer = [
      { label: 'Email', value: 'ann@example.com' },
      { label: 'Weekly digest', value: true },
    ];
    expect(toolMessage?.content).toEqual([expect.objectContaining({ toolCallId: 'call-7', output: { type: 'json', value: formAnswer } })]);
  });

  it('at the deadline the approval is denied, and the tool never runs', async () => {
    const setup = await deleteFileChat();
    const answer = rig.ask({ ...fromToolApproval(setup.part), deadline: (await pageNow()) + DEADLINE_MS });
    await rig.shown('Approval requested', ['/tmp/report.pdf']);
    await passDeadline();
    expect(await approve(setup, answer)).toEqual({ type: 'execution-denied', reason: 'Expired before anyone answered.' });
    expect(setup.deleted).toEqual([]);
    await expectExpired('Approval requested');
  });
});

describe('LangGraph (createAgent with humanInTheLoopMiddleware, resumed with a Command)', () => {
  it('two actions at once, one edited through its fields and one approved: the agent resumes and runs them so', async () => {
    const mail = { ...email, args: { to: 'ann@example.com', subject: 'Invoice <b>March</b>' } };
    const agent = await interruptedAgent([mail, deletion]);
    const answer = rig.ask(fromInterrupt(agent.interrupt));
    const region = await rig.shown('Approval requested', ['Invoice <b>March</b>', 'Deleting cannot be undone']);
    const first = region.getByRole('region', { name: 'Action 1 of 2: send_email' });
    await first.getByRole('button', { name: 'Edit' }).click();
    const to = first.getByRole('textbox', { name: 'To' });
    await to.fill('bob@example.com');
    expect(await rig.axeViolations()).toEqual([]);
    await first.getByRole('button', { name: 'Approve with changes' }).click();
    await region.getByRole('region', { name: 'Action 2 of 2: delete_file' }).getByRole('button', { name: 'Approve' }).click();
    // Deciding the last action moves focus to sending them: the person presses Enter.
    const send = region.getByRole('button', { name: 'Send decisions' });
    expect(await send.evaluate((button) => button === document.activeElement)).toBe(true);
    await rig.page.keyboard.press('Enter');

    const resumed = await agent.resume(await answer);
    expect(resumed.__interrupt__).toBeUndefined();
    expect(agent.ran).toEqual([
      { tool: 'send_email', args: { to: 'bob@example.com', subject: 'Invoice <b>March</b>' } },
      { tool: 'delete_file', args: deletion.args },
    ]);
  });

  it('rejected with a message: nothing runs, and the model reads the message', async () => {
    const agent = await interruptedAgent([email]);
    const answer = rig.ask(fromInterrupt(agent.interrupt));
    const region = await rig.shown('Approval requested', ['ann@example.com']);
    await region.getByRole('button', { name: 'Reject' }).click();
    await region.getByLabel('Reason for rejecting (optional)').fill('Not to Ann, she left');
    await region.getByRole('button', { name: 'Send rejection' }).click();
    const resumed = await agent.resume(await answer);
    expect(agent.ran).toEqual([]);
    expect(toolReplies(resumed.messages)).toEqual([['call-1', 'Not to Ann, she left']]);
  });

  it('at the deadline nothing runs, and the model reads that nobody answered', async () => {
    const agent = await interruptedAgent([email, deletion]);
    const answer = rig.ask({ ...fromInterrupt(agent.interrupt), deadline: (await pageNow()) + DEADLINE_MS });
    await rig.shown('Approval requested', ['Deleting cannot be undone']);
    await passDeadline();
    const resumed = await agent.resume(await answer);
    expect(agent.ran).toEqual([]);
    expect(toolReplies(resumed.messages)).toEqual([
      ['call-1', 'Not run: nobody answered before the deadline.'],
      ['call-2', 'Not run: nobody answered before the deadline.'],
    ]);
    await expectExpired('Approval requested');
  });
});

describe('AG-UI (an @ag-ui/client agent whose run finishes with an interrupt, resumed with the entry)', () => {
  /** The first run's one interrupt; the resume entry of the person's answer, checked by `ResumeEntrySchema`, resumes the next. */
  const interruptOf = async (agent: ScriptedAgent) => {
    await agent.runAgent();
    const [interrupt] = agent.pendingInterrupts;
    if (interrupt === undefined) throw new Error('the run did not interrupt');
    return interrupt;
  };
  const resume = async (agent: ScriptedAgent, interrupt: AgUiInterrupt, answer: Promise<HumanAnswer>) => {
    const entry = ResumeEntrySchema.parse(toResumeEntry(await answer, interrupt));
    await agent.runAgent({ resume: [entry] });
    expect(agent.pendingInterrupts).toEqual([]);
    return agent.inputs.at(-1)?.resume;
  };

  it('a tool approval with approveWithEdits, edited: the agent receives editedArgs', async () => {
    const message = 'Send it? <img src=x onerror="window.hacked=1">';
    const agent = mailAgent([{ id: 'tc-1', interrupt: { id: 'int-edit', reason: 'tool_call', message, responseSchema: approvalSchema } }]);
    const interrupt = await interruptOf(agent);
    const answer = rig.ask(fromAgUiInterrupt(interrupt, { toolCall: toolCallOf(agent, interrupt.toolCallId), approveWithEdits: true }));
    const region = await rig.shown('Approval requested', [message]);
    await region.getByRole('button', { name: 'Edit' }).click();
    await region.getByRole('textbox', { name: 'body' }).fill('Hello (revised)');
    await region.getByRole('button', { name: 'Approve with changes' }).click();
    const edited = { ...emailArgs, body: 'Hello (revised)' };
    expect(await resume(agent, interrupt, answer)).toEqual([
      { interruptId: 'int-edit', status: 'resolved', payload: { approved: true, editedArgs: edited } },
    ]);
    expect(toolResults(agent)).toEqual([`sent ${JSON.stringify(edited)}`]);
  });

  it('a responseSchema form: the agent receives the typed payload', async () => {
    const filing = {
      id: 'int-form',
      reason: 'input_required',
      message: 'Quarterly filing <b>details</b>',
      responseSchema: {
        type: 'object',
        properties: {
          quarter: { type: 'string', title: 'Quarter', enum: ['Q1', 'Q2', 'Q3', 'Q4'] },
          year: { type: 'integer', title: 'Year', minimum: 2000 },
          revenue: { type: 'number', title: 'Revenue' },
        },
        required: ['quarter', 'year', 'revenue'],
      },
    };
    const agent = new ScriptedAgent((input) =>
      input.resume === undefined ? [started(input), interrupted(input, [filing])] : [started(input), finished(input)],
    );
    const interrupt = await interruptOf(agent);
    const answer = rig.ask(fromAgUiInterrupt(interrupt));
    const region = await rig.shown('Input requested', [filing.message]);
    await choose(region, 'Quarter', 'Q1');
    await region.getByLabel('Year').fill('2026');
    await region.getByLabel('Revenue').fill('4200000.5');
    await region.getByRole('button', { name: 'Submit' }).click();
    expect(await resume(agent, interrupt, answer)).toEqual([
      { interruptId: 'int-form', status: 'resolved', payload: { quarter: 'Q1', year: 2026, revenue: 4200000.5 } },
    ]);
  });

  it('"Cancel": the agent receives cancelled', async () => {
    const agent = mailAgent([{ id: 'tc-2', interrupt: { id: 'int-cancel', reason: 'tool_call', message: 'Send to a@b.com?' } }]);
    const interrupt = await interruptOf(agent);
    const answer = rig.ask(fromAgUiInterrupt(interrupt, { toolCall: toolCallOf(agent, interrupt.toolCallId) }));
    const region = await rig.shown('Approval requested', ['Send to a@b.com?']);
    await region.getByRole('button', { name: 'Cancel' }).click();
    expect(await resume(agent, interrupt, answer)).toEqual([{ interruptId: 'int-cancel', status: 'cancelled' }]);
    expect(toolResults(agent)).toEqual(['not sent: cancelled']);
  });

  it('at expiresAt the prompt closes, and the agent receives cancelled (all an expired interrupt takes)', async () => {
    const expiresAt = new Date((await pageNow()) + DEADLINE_MS).toISOString();
    const agent = mailAgent([{ id: 'tc-3', interrupt: { id: 'int-late', reason: 'tool_call', message: 'Send it soon?', expiresAt } }]);
    const interrupt = await interruptOf(agent);
    const answer = rig.ask(fromAgUiInterrupt(interrupt, { toolCall: toolCallOf(agent, interrupt.toolCallId) }));
    await rig.shown('Approval requested', ['Send it soon?']);
    await passDeadline();
    expect(await resume(agent, interrupt, answer)).toEqual([{ interruptId: 'int-late', status: 'cancelled' }]);
    expect(toolResults(agent)).toEqual(['not sent: cancelled']);
    await expectExpired('Approval requested');
  });
});
