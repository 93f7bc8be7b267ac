// <HumanRequestPrompt> alone with an MCP elicitation (hitl-react/mcp), as an MCP client shows the server's form and answers it.
import { createRoot } from 'react-dom/client';
import { HumanRequestPrompt } from '../../src';
import { fromElicitation, toElicitResult } from '../../src/adapters/mcp';

const request = fromElicitation({
  message: 'Where should the order go?',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', maxLength: 200 },
      email: { type: 'string', format: 'email', title: 'Email' },
      parcels: { type: 'integer', title: 'Parcels', minimum: 1, maximum: 10 },
      express: { type: 'boolean', title: 'Express', default: false },
      carrier: {
        type: 'string',
        title: 'Carrier',
        oneOf: [
          { const: 'ups', title: 'UPS' },
          { const: 'dhl', title: 'DHL' },
        ],
      },
      day: { type: 'string', format: 'date', title: 'Delivery day' },
      extras: { type: 'array', title: 'Extras', items: { type: 'string', enum: ['gift wrap', 'insurance'] } },
    },
    required: ['name', 'email'],
  },
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <HumanRequestPrompt request={request} onAnswer={(answer) => console.log(toElicitResult(answer))} />,
);
