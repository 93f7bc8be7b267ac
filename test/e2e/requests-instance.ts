/**
 * One proxy instance on a Redis store, in a process of its own (so a test can SIGKILL it), that
 * also runs the agents: an MCP client whose elicitations and a LangChain agent whose interrupts it
 * opens as requests (`proxy.requests.open`). Forked by `forkProcess`; `UPSTREAM`, `API_KEY`,
 * `REDIS_URL`, `PREFIX` and `NAME` come from the environment. Teams come from the `x-team` and
 * `x-user` headers. It sends `{ port }` once listening, then for each `{ open, team, ... }` message
 * (an MCP one asking "Which room for <question ?? tag>?") `{ opened: id, sourceId }` (`id` the
 * proxy's, which pages list and answer it under; `sourceId` the agent's own) and, once the agent
 * has its answer, `{ done: id, result }`; `{ cancel: id }` cancels the request of the proxy's id
 * `id` (its source gave up).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { fromElicitation, toElicitResult } from '../../src/adapters/mcp';
import { fromInterrupt } from '../../src/adapters/langgraph';
import type { HumanAnswer } from '../../src/request';
import { createTaskProxy, toNodeListener } from '../../src/server';
import { createRedisProxyStore } from '../../src/server/redis';
import { email, interruptedAgent } from '../node/adapters/langgraph-fixture';

const name = process.env.NAME ?? 'instance';
const send = (message: unknown) => process.send?.(message);
const store = createRedisProxyStore({ url: process.env.REDIS_URL ?? '', prefix: process.env.PREFIX, onError: () => undefined });
const proxy = createTaskProxy({
  upstream: process.env.UPSTREAM ?? '',
  apiKey: process.env.API_KEY ?? '',
  basePath: '/api/hitl',
  store,
  events: false,
  identify: (request) => ({ user: request.headers.get('x-user') ?? '', team: request.headers.get('x-team') ?? '' }),
  // A page that went loses control within two seconds, not five: the tests wait for it.
  control: { leaseMs: 2000 },
  logger: { info: () => undefined, warn: () => undefined, error: (message) => send({ log: message }) },
});

/** What each request's source ended with, by request id: the answers it got (a second would be a bug). */
const answersBy = new Map<string, HumanAnswer[]>();

async function openMcp(team: string, tag: string, expiresAt?: number, question = tag): Promise<void> {
  const server = new McpServer({ name: 'bookings', version: '1.0.0' }, { jsonSchemaValidator: new AjvJsonSchemaValidator() });
  let id = '';
  server.registerTool('book', { description: 'Books a room, asking the person which one.' }, async () => {
    const result = await server.server.elicitInput({
      mode: 'form',
      message: `Which room for ${question}?`,
      requestedSchema: { type: 'object', properties: { room: { type: 'string', title: 'Room' } }, required: ['room'] },
    });
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  });
  const client = new Client({ name: 'hitl-react-test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    // The adapter's id from the JSON-RPC id as it is: every connection starts its ids again, so
    // two connections asking the same question share it; the proxy's own id (`answer.id`) keeps them apart.
    const humanRequest = fromElicitation(request.params, { id: String(extra.requestId) });
    const answer = proxy.requests.open(humanRequest, { team, ...(expiresAt === undefined ? {} : { expiresAt }) });
    id = answer.id;
    send({ opened: id, sourceId: humanRequest.id, tag });
    const given = await answer;
    // The source gets the answer under its own id.
    if (given.requestId !== humanRequest.id) send({ failed: `answer to ${humanRequest.id} came as ${given.requestId}` });
    answersBy.set(id, [...(answersBy.get(id) ?? []), given]);
    return toElicitResult(given);
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  const result = await client.callTool({ name: 'book' });
  send({ done: id, tag, result, answers: answersBy.get(id)?.length ?? 0 });
  await client.close();
  await server.close();
}

async function openLangChain(team: string, tag: string, expiresAt?: number): Promise<void> {
  const agent = await interruptedAgent([email]);
  const request = fromInterrupt(agent.interrupt, { id: `${name}-${tag}-${agent.interrupt.id ?? 'interrupt'}` });
  const answer = proxy.requests.open(request, { team, ...(expiresAt === undefined ? {} : { expiresAt }) });
  send({ opened: answer.id, sourceId: request.id, tag });
  const given = await answer;
  if (given.requestId !== request.id) send({ failed: `answer to ${request.id} came as ${given.requestId}` });
  answersBy.set(answer.id, [...(answersBy.get(answer.id) ?? []), given]);
  // An expired approval is the agent's "no": LangChain has no cancel, so the tool is rejected.
  await agent.resume(given.action === 'cancel' ? { requestId: request.id, action: 'accept', decisions: [{ type: 'reject' }] } : given);
  send({ done: answer.id, tag, result: agent.ran, answers: answersBy.get(answer.id)?.length ?? 0 });
}

const listener = toNodeListener(proxy);
const http = createServer(listener);
listener.attach(http);
http.listen(0, '127.0.0.1', () => send({ port: (http.address() as AddressInfo).port }));

process.on(
  'message',
  (message: {
    open?: 'mcp' | 'langchain';
    cancel?: string;
    team?: string;
    tag?: string;
    /** An MCP elicitation's "Which room for <question>?". Default: its tag. */
    question?: string;
    expiresAt?: number;
    stats?: true;
  }) => {
    if (message.stats === true) {
      send({ stats: proxy.stats() });
      return;
    }
    if (message.cancel !== undefined) {
      proxy.requests.cancel(message.cancel).catch((error: unknown) => send({ failed: String(error) }));
      return;
    }
    const [team, tag] = [message.team ?? '', message.tag ?? 'one'];
    const run =
      message.open === 'mcp' ? openMcp(team, tag, message.expiresAt, message.question) : openLangChain(team, tag, message.expiresAt);
    run.catch((error: unknown) => send({ failed: String(error) }));
  },
);
process.on('disconnect', () => process.exit(0));
