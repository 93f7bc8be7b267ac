/**
 * The code of the guide "Every agent framework" (examples/agent-frameworks, kept equal to the
 * guide by test/node/agent-frameworks-guide.test.ts) against the real frameworks: an MCP server
 * and client over the SDK's in-memory transport, the AI SDK's chat with a scripted model, and an
 * AG-UI agent whose runs finish with interrupts. A person answers in the page, by label; what the
 * framework does with the answer is checked on its side. LangGraph's `useStream` needs a LangGraph
 * server, so that example is only type-checked; its adapter runs against LangChain in
 * test/node/adapters.
 */
// First: the AI SDK reads the web streams as it loads.
import './web-streams';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls, ToolLoopAgent } from 'ai';
import { Interrupts } from '../../examples/agent-frameworks/ag-ui-interrupts';
import { tools } from '../../examples/agent-frameworks/ai-sdk-agent';
import { ToolRequests } from '../../examples/agent-frameworks/ai-sdk-tool-requests';
import { Elicitations } from '../../examples/agent-frameworks/mcp-elicitations';
import { registerBookTable } from '../../examples/agent-frameworks/mcp-server';
import { mailAgent, resumeOf, toolResults } from '../node/adapters/ag-ui-fixture';
import { agentChat, scriptedModel } from '../node/adapters/ai-sdk-chat';
import { expectNoAxeViolations } from './axe';

describe('MCP: the server example elicits, the client example shows it', () => {
  async function connect() {
    const server = new McpServer({ name: 'Bistro Lumière', version: '1.0.0' }, { jsonSchemaValidator: new AjvJsonSchemaValidator() });
    registerBookTable(server);
    const client = new Client({ name: 'app', version: '1.0.0' }, { capabilities: { elicitation: { form: {}, url: {} } } });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    return { client, close: () => Promise.all([client.close(), server.close()]) };
  }
  const text = (result: Awaited<ReturnType<Client['callTool']>>) =>
    (result.content as { type: string; text: string }[]).map((part) => part.text).join('');

  it('the tool receives the typed content, which passes the server’s validation', async () => {
    const user = userEvent.setup();
    const { client, close } = await connect();
    try {
      const { container } = render(<Elicitations client={client} />);
      const booking = client.callTool({ name: 'book_table', arguments: {} });
      const region = await screen.findByRole('region', { name: 'Bistro Lumière' });
      expect(within(region).getByText('To book your table, the restaurant needs a few details.')).toBeInTheDocument();
      await user.type(within(region).getByRole('textbox', { name: /^Name/ }), 'Ada Lovelace');
      fireEvent.change(within(region).getByLabelText(/^Date/), { target: { value: '2026-06-12' } });
      await expectNoAxeViolations(container);
      await user.click(within(region).getByRole('button', { name: 'Submit' }));
      expect(text(await booking)).toBe('Booked for 2 on 2026-06-12.');
      expect(await screen.findByRole('status')).toHaveTextContent('Answer sent.');
    } finally {
      await close();
    }
  });

  it('a decline reaches the tool as a decline', async () => {
    const user = userEvent.setup();
    const { client, close } = await connect();
    try {
      render(<Elicitations client={client} />);
      const booking = client.callTool({ name: 'book_table', arguments: {} });
      await user.click(await screen.findByRole('button', { name: 'Decline' }));
      expect(text(await booking)).toBe('Not booked: the person chose decline.');
    } finally {
      await close();
    }
  });

  it('a request the server stops waiting for goes from the page', async () => {
    const user = userEvent.setup();
    const { client, close } = await connect();
    try {
      render(<Elicitations client={client} />);
      // MCP SDK 1.32 drops a cancel of JSON-RPC id 0 (it tests `!requestId`), the server's first
      // request: that one is declined, and the second is cancelled.
      const first = client.callTool({ name: 'book_table', arguments: {} });
      await user.click(await screen.findByRole('button', { name: 'Decline' }));
      await first;
      const abort = new AbortController();
      const second = client.callTool({ name: 'book_table', arguments: {} }, undefined, { signal: abort.signal });
      // The same question twice: named in full, and numbered, so the two regions are told apart.
      await waitFor(() =>
        expect(screen.getAllByRole('region', { name: /^Bistro Lumière: / }).map((region) => region.getAttribute('aria-label'))).toEqual([
          'Bistro Lumière: To book your table, the restaurant needs a few details.',
          'Bistro Lumière: To book your table, the restaurant needs a few details. (2)',
        ]),
      );
      // The tool call cancelled, its elicitation is cancelled too, and the client's handler is told.
      abort.abort();
      await expect(second).rejects.toThrow();
      // Alone again: named by its heading.
      await waitFor(() => expect(screen.getAllByRole('region', { name: 'Bistro Lumière' })).toHaveLength(1));
      expect(screen.getByRole('status')).toHaveTextContent('Declined.');
    } finally {
      await close();
    }
  });
});

describe('AI SDK: the agent example’s tools in a chat, the tool parts shown by the page example', () => {
  let folder = '';
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'hitl-ai-sdk-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  /** `reason`: the agent's `toolApproval` asks for `deleteFile` with it (AI SDK 7), over the tool's own `needsApproval`. */
  async function chatAbout(toolCall: { toolName: 'deleteFile' | 'form_input'; input: unknown }, reason?: string) {
    const { model, prompts } = scriptedModel([{ toolCallId: 'call-1', ...toolCall }]);
    const agent = new ToolLoopAgent({
      model,
      tools,
      ...(reason !== undefined && { toolApproval: { deleteFile: { type: 'user-approval', reason } } }),
    });
    const { chat, nextFinish } = agentChat(
      agent,
      (options) => lastAssistantMessageIsCompleteWithApprovalResponses(options) || lastAssistantMessageIsCompleteWithToolCalls(options),
    );
    await chat.sendMessage({ text: 'Go' });
    const message = chat.messages.at(-1);
    if (message === undefined) throw new Error('no reply');
    return { chat, prompts, nextFinish, message };
  }

  it('approved, the tool deletes the file once', async () => {
    const user = userEvent.setup();
    const file = join(folder, 'report.pdf');
    await writeFile(file, 'draft');
    const { chat, prompts, nextFinish, message } = await chatAbout({ toolName: 'deleteFile', input: { path: file } });
    render(<ToolRequests message={message} chat={chat} />);
    const finished = nextFinish();
    await user.dblClick(await screen.findByRole('button', { name: 'Approve' }));
    await finished;
    expect(existsSync(file)).toBe(false);
    expect(prompts).toHaveLength(2);
  });

  it("the agent's toolApproval reason shows with the call; approved, the tool deletes the file once", async () => {
    const user = userEvent.setup();
    const file = join(folder, 'report.pdf');
    await writeFile(file, 'draft');
    const { chat, nextFinish, message } = await chatAbout({ toolName: 'deleteFile', input: { path: file } }, 'Deletes the file for good');
    render(<ToolRequests message={message} chat={chat} />);
    const action = await screen.findByRole('region', { name: 'Approve deleteFile?' });
    expect(within(action).getByText('Deletes the file for good')).toBeVisible();
    const finished = nextFinish();
    await user.click(within(action).getByRole('button', { name: 'Approve' }));
    await finished;
    expect(existsSync(file)).toBe(false);
  });

  it('rejected, the file stays and the model reads the reason', async () => {
    const user = userEvent.setup();
    const file = join(folder, 'report.pdf');
    await writeFile(file, 'draft');
    const { chat, prompts, nextFinish, message } = await chatAbout({ toolName: 'deleteFile', input: { path: file } });
    render(<ToolRequests message={message} chat={chat} />);
    const finished = nextFinish();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'I still need it');
    await user.click(screen.getByRole('button', { name: 'Send rejection' }));
    await finished;
    expect(existsSync(file)).toBe(true);
    const result = prompts[1]?.find((each) => each.role === 'tool')?.content[0];
    expect(result).toMatchObject({ output: { type: 'execution-denied', reason: 'I still need it' } });
  });

  it("the form_input tool's form answer is the tool's output the model reads", async () => {
    const user = userEvent.setup();
    const parameters = { heading: 'Newsletter', fields: [{ type: 'email', label: 'Email', required: true }] };
    const { chat, prompts, nextFinish, message } = await chatAbout({ toolName: 'form_input', input: parameters });
    render(<ToolRequests message={message} chat={chat} />);
    const finished = nextFinish();
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await finished;
    const result = prompts[1]?.find((each) => each.role === 'tool')?.content[0];
    expect(result).toMatchObject({ output: { type: 'json', value: [{ label: 'Email', value: 'ada@example.com' }] } });
  });
});

describe('AG-UI: the interrupts example', () => {
  it('keeps each answer until the last, then resumes the run with every entry, once', async () => {
    const user = userEvent.setup();
    const agent = mailAgent([
      { id: 'tc-a', interrupt: { id: 'i-a', reason: 'tool_call', message: 'Send to a@b.com?' } },
      { id: 'tc-b', interrupt: { id: 'i-b', reason: 'tool_call', message: 'Send to y@z.com?' } },
    ]);
    await agent.runAgent();
    render(<Interrupts agent={agent} />);
    const first = screen.getByRole('region', { name: 'Request 1 of 2' });
    const second = screen.getByRole('region', { name: 'Request 2 of 2' });
    expect(within(first).getByText('Send to a@b.com?')).toBeInTheDocument();
    await user.click(await within(first).findByRole('button', { name: 'Reject' }));
    // Each request alone: two approvals of one tool side by side name their actions alike.
    await expectNoAxeViolations(first);
    await user.type(within(first).getByRole('textbox', { name: 'Reason for rejecting (optional)' }), 'Wrong recipient');
    await user.click(within(first).getByRole('button', { name: 'Send rejection' }));
    // Kept, not sent: the run can only resume with both.
    await waitFor(() => expect(within(first).getByRole('status')).toHaveTextContent('Answer sent.'));
    expect(agent.inputs).toHaveLength(1);

    await user.click(within(second).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Request/ })).not.toBeInTheDocument());
    expect(agent.inputs).toHaveLength(2);
    expect(agent.inputs[1]?.resume).toEqual(
      resumeOf([
        { interruptId: 'i-a', status: 'resolved', payload: { approved: false, reason: 'Wrong recipient' } },
        { interruptId: 'i-b', status: 'resolved', payload: { approved: true } },
      ]),
    );
    expect(toolResults(agent)).toEqual(['not sent: Wrong recipient', expect.stringMatching(/^sent /)]);
  });
});
