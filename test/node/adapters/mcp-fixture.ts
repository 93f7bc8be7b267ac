/**
 * A `McpServer` whose tool elicits and a `Client` whose elicitation handler turns the request into
 * a `HumanRequest` (`fromElicitation`) and returns the person's answer (`toElicitResult`), over
 * the SDK's in-memory transport. The server checks accepted content against the requested schema
 * with its JSON Schema validator (Ajv with formats), as it would in production.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { fromElicitation, toElicitResult, type FromElicitationOptions } from '../../../src/adapters/mcp';
import type { HumanAnswer, HumanRequest } from '../../../src/request';

export interface McpSession {
  client: Client;
  /** What each elicitation became, in order. */
  requests: HumanRequest[];
  /** What the tool's `elicitInput` resolved with, or the error it threw. */
  outcomes: Array<ElicitResult | Error>;
  close: () => Promise<void>;
}

/**
 * Connects a client whose person answers each elicitation with `person`, to a server whose tool
 * `book` elicits `elicit` and returns the result as JSON text. `options` adds to what
 * `fromElicitation` is given (the JSON-RPC id is always passed), e.g. a deadline.
 */
export async function connectMcp(
  person: (request: HumanRequest) => HumanAnswer | Promise<HumanAnswer>,
  elicit: Parameters<McpServer['server']['elicitInput']>[0],
  options: () => Omit<FromElicitationOptions, 'id'> = () => ({}),
): Promise<McpSession> {
  const server = new McpServer({ name: 'bookings', version: '1.0.0' }, { jsonSchemaValidator: new AjvJsonSchemaValidator() });
  const outcomes: McpSession['outcomes'] = [];
  server.registerTool('book', { description: 'Books a meeting, asking the person for the details.' }, async () => {
    try {
      const result = await server.server.elicitInput(elicit);
      outcomes.push(result);
      return { content: [{ type: 'text', text: JSON.stringify(result) }] };
    } catch (error) {
      outcomes.push(error as Error);
      throw error;
    }
  });
  const client = new Client({ name: 'hitl-react-test', version: '1.0.0' }, { capabilities: { elicitation: { form: {}, url: {} } } });
  const requests: HumanRequest[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const humanRequest = fromElicitation(request.params, { ...options(), id: extra.requestId });
    requests.push(humanRequest);
    const result: ElicitResult = toElicitResult(await person(humanRequest));
    return result;
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return {
    client,
    requests,
    outcomes,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
