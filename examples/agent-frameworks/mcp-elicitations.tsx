// elicitations.tsx: the MCP client's side, in the page (or a desktop app): each elicitation shown until answered.
import { useEffect, useState } from 'react';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { HumanRequestPrompt, type HumanAnswer, type HumanRequest } from '../../src';
import { fromElicitation, toElicitResult } from '../../src/adapters/mcp';

interface Asked {
  request: HumanRequest;
  reply: (answer: HumanAnswer) => void;
}

/** The server's requests. The client declares them: `new Client(info, { capabilities: { elicitation: { form: {}, url: {} } } })`. */
export function Elicitations({ client }: { client: Client }) {
  const [asked, setAsked] = useState<Asked[]>([]);
  useEffect(() => {
    client.setRequestHandler(
      ElicitRequestSchema,
      (request, extra) =>
        new Promise<ElicitResult>((resolve) => {
          const server = client.getServerVersion();
          const shown: Asked = {
            // MCP asks clients to say which server asks: its name is the heading.
            request: fromElicitation(request.params, { id: extra.requestId, title: server?.title ?? server?.name }),
            reply: (answer) => resolve(toElicitResult(answer)),
          };
          setAsked((list) => [...list, shown]);
          // The server stopped waiting (its time-out, or a cancel): the request goes.
          extra.signal.addEventListener('abort', () => setAsked((list) => list.filter((each) => each !== shown)));
        }),
    );
    return () => client.removeRequestHandler('elicitation/create');
  }, [client]);
  return asked.map(({ request, reply }) => <HumanRequestPrompt key={request.id} request={request} onAnswer={reply} />);
}
