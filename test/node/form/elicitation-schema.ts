/**
 * A `requestedSchema` of MCP's `elicitation/create` (revision 2025-11-25) with every primitive it
 * allows, typed by the MCP SDK so that it stays a schema a real server may send.
 */
import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';

export const everyPrimitive = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', description: 'As on the passport.', minLength: 2, maxLength: 40 },
    email: { type: 'string', format: 'email', title: 'Email' },
    homepage: { type: 'string', format: 'uri' },
    birthday: { type: 'string', format: 'date' },
    meeting: { type: 'string', format: 'date-time', title: 'Meeting', default: '2025-03-01T09:30:00Z' },
    guests: { type: 'integer', minimum: 1, maximum: 8, default: 2 },
    budget: { type: 'number', minimum: 0, maximum: 1000.5 },
    newsletter: { type: 'boolean', title: 'Send me the newsletter', default: false },
    size: { type: 'string', enum: ['S', 'M', 'L'], default: 'M' },
    colour: {
      type: 'string',
      title: 'Colour',
      oneOf: [
        { const: '#f00', title: 'Red' },
        { const: '#0f0', title: 'Green' },
      ],
    },
    plan: { type: 'string', enum: ['free', 'pro'], enumNames: ['Free plan', 'Pro plan'] },
    toppings: {
      type: 'array',
      title: 'Toppings',
      items: { type: 'string', enum: ['cheese', 'ham', 'olives'] },
      minItems: 1,
      maxItems: 2,
      default: ['cheese'],
    },
    days: {
      type: 'array',
      title: 'Days',
      items: {
        anyOf: [
          { const: 'mon', title: 'Monday' },
          { const: 'tue', title: 'Tuesday' },
        ],
      },
    },
  },
  required: ['name', 'email', 'meeting', 'guests', 'newsletter', 'size', 'colour', 'toppings'],
} satisfies ElicitRequestFormParams['requestedSchema'];
