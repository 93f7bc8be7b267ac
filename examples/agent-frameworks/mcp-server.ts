// server.ts: a tool of an MCP server that asks the person for details (MCP's own API; no hitl-react here).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function registerBookTable(server: McpServer) {
  server.registerTool('book_table', { description: 'Books a table, asking the person for the details.' }, async (extra) => {
    const result = await server.server.elicitInput(
      {
        mode: 'form',
        message: 'To book your table, the restaurant needs a few details.',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Name', minLength: 2 },
            date: { type: 'string', title: 'Date', format: 'date' },
            guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
          },
          required: ['name', 'date', 'guests'],
        },
      },
      // A person takes longer than the SDK's default of 60 s; a cancelled tool call stops asking.
      { timeout: 10 * 60_000, signal: extra.signal },
    );
    const text =
      result.action === 'accept'
        ? `Booked for ${String(result.content?.guests)} on ${String(result.content?.date)}.`
        : `Not booked: the person chose ${result.action}.`;
    return { content: [{ type: 'text', text }] };
  });
}
