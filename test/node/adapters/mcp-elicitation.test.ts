/**
 * `hitl-react/mcp` against the real MCP SDK: a `McpServer` whose tool elicits, a `Client` whose
 * elicitation handler turns the request into a `HumanRequest` and answers it as our form would,
 * over the SDK's in-memory transport. The server checks accepted content against the requested
 * schema with its JSON Schema validator (Ajv with formats), so a value of the wrong type fails the
 * tool, as it would in production.
 */
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { buildSchemaForm, isFlatObjectSchema, schemaFormAnswer, validateField, type FieldValue, type SchemaForm } from '../../../src/form';
import type { HumanAnswer, HumanRequest } from '../../../src/request';
import { connectMcp as connect } from './mcp-fixture';

const requestedSchema: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', description: 'As on your passport', minLength: 2, maxLength: 40 },
    email: { type: 'string', title: 'Email', format: 'email' },
    website: { type: 'string', title: 'Website', format: 'uri' },
    birthday: { type: 'string', title: 'Birthday', format: 'date' },
    meeting: { type: 'string', title: 'Meeting', format: 'date-time' },
    age: { type: 'integer', title: 'Age', minimum: 18, maximum: 130 },
    budget: { type: 'number', title: 'Budget', minimum: 0.5, maximum: 1000 },
    priority: { type: 'integer', title: 'Priority', minimum: 1, maximum: 5, default: 3 },
    subscribe: { type: 'boolean', title: 'Subscribe', default: true },
    terms: { type: 'boolean', title: 'Accept the terms' },
    color: { type: 'string', title: 'Color', enum: ['Red', 'Green', 'Blue'] },
    size: {
      type: 'string',
      title: 'Size',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'm', title: 'Medium' },
        { const: 'l', title: 'Large' },
      ],
      default: 'm',
    },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], enumNames: ['Free plan', 'Pro plan'] },
    tags: { type: 'array', title: 'Tags', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
    channels: {
      type: 'array',
      title: 'Channels',
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [
          { const: 'mail', title: 'Mail' },
          { const: 'sms', title: 'SMS' },
          { const: 'push', title: 'Push' },
        ],
      },
      default: ['mail'],
    },
    note: { type: 'string', title: 'Note' },
  },
  required: ['name', 'email', 'meeting', 'age', 'terms', 'color', 'tags'],
};

/** What the person types or picks, by property; the others keep what the form starts with. */
const typed: Record<string, unknown> = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  website: 'https://example.com/ada',
  birthday: '1815-12-10',
  meeting: '2025-11-25T10:30',
  age: '36',
  budget: '12.5',
  terms: true,
  color: 'Green',
  plan: 'pro',
  tags: ['a', 'c'],
};

/** The editing values of a person who typed `typed`, checked by the form's own validation. */
function fill(form: SchemaForm, input: Record<string, unknown>): FieldValue[] {
  return form.model.fields.map((field) => {
    const key = form.keys[field.index] ?? '';
    let value: FieldValue = field.initial;
    if (Object.hasOwn(input, key)) {
      const wanted = input[key];
      const indexOf = (option: unknown) => field.options.findIndex((candidate) => candidate.value === option);
      if (field.control === 'select' || field.control === 'radio') value = indexOf(wanted);
      else if (field.control === 'checkbox-group') value = (wanted as unknown[]).map(indexOf).sort((a, b) => a - b);
      else value = wanted as FieldValue;
    }
    expect(validateField(field, value, false), `the field of "${key}"`).toBeNull();
    return value;
  });
}

/** A person answering a form request as `<HumanRequestPrompt>` would: through the form core. */
function submitForm(request: HumanRequest, input: Record<string, unknown>): HumanAnswer {
  if (request.kind !== 'form' || request.schema === undefined) throw new Error(`expected a schema form, got ${request.kind}`);
  expect(isFlatObjectSchema(request.schema)).toBe(true);
  if (!isFlatObjectSchema(request.schema)) throw new Error('not a flat schema');
  const form = buildSchemaForm(request.schema, {});
  return { requestId: request.id, action: 'accept', content: schemaFormAnswer(form.model.fields, form.keys, fill(form, input)) };
}

const formElicitation = { message: 'Book the meeting: who are you, and when?', requestedSchema };

describe('an MCP form elicitation, end to end', () => {
  it('reaches the tool as exactly the typed content, accepted by the server’s own validation', async () => {
    const session = await connect((request) => submitForm(request, typed), formElicitation);
    try {
      const result = await session.client.callTool({ name: 'book', arguments: {} });
      expect(result.isError).not.toBe(true);
      expect(session.requests).toEqual([
        expect.objectContaining({
          kind: 'form',
          source: 'mcp',
          message: 'Book the meeting: who are you, and when?',
          schema: requestedSchema,
          allows: { decline: true, cancel: true },
        }),
      ]);
      const [outcome] = session.outcomes;
      expect(outcome).toEqual({
        action: 'accept',
        content: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          website: 'https://example.com/ada',
          birthday: '1815-12-10',
          meeting: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/) as unknown,
          age: 36,
          budget: 12.5,
          priority: 3,
          subscribe: true,
          terms: true,
          color: 'Green',
          size: 'm',
          plan: 'pro',
          tags: ['a', 'c'],
          channels: ['mail'],
        },
      });
      // The time the person picked, in their zone, is the instant the server receives.
      const content = (outcome as ElicitResult).content as Record<string, string>;
      expect(new Date(content.meeting ?? '').getTime()).toBe(new Date(2025, 10, 25, 10, 30).getTime());
    } finally {
      await session.close();
    }
  });

  it('fails the tool when the content does not have the schema’s types (the validation is on)', async () => {
    const session = await connect((request) => {
      const answer = submitForm(request, typed);
      // What a form that sent numbers as text would send.
      return 'content' in answer ? { ...answer, content: { ...answer.content, age: '36' } } : answer;
    }, formElicitation);
    try {
      const result = await session.client.callTool({ name: 'book', arguments: {} });
      expect(result.isError).toBe(true);
      expect(session.outcomes[0]).toBeInstanceOf(Error);
      expect((session.outcomes[0] as Error).message).toMatch(/does not match requested schema/);
    } finally {
      await session.close();
    }
  });

  it.each([
    ['declines', { action: 'decline' }, { action: 'decline' }],
    ['cancels', { action: 'cancel' }, { action: 'cancel' }],
    ['lets the deadline pass', { action: 'cancel', expired: true }, { action: 'cancel' }],
  ] as const)('tells the tool when the person %s', async (_, answer, expected) => {
    const session = await connect((request) => ({ requestId: request.id, ...answer }), formElicitation);
    try {
      await session.client.callTool({ name: 'book', arguments: {} });
      expect(session.outcomes).toEqual([expected]);
    } finally {
      await session.close();
    }
  });
});

describe('an MCP URL elicitation, end to end', () => {
  const urlElicitation = {
    mode: 'url',
    message: 'Connect your calendar to continue.',
    url: 'https://calendar.example.com/connect?elicitation=e-42',
    elicitationId: 'e-42',
  } as const;

  it('is a page to visit under the server’s elicitationId, and “I have finished” accepts it', async () => {
    const session = await connect((request) => ({ requestId: request.id, action: 'accept' }), urlElicitation);
    try {
      await session.client.callTool({ name: 'book', arguments: {} });
      expect(session.requests).toEqual([
        {
          id: 'e-42',
          kind: 'link',
          source: 'mcp',
          url: 'https://calendar.example.com/connect?elicitation=e-42',
          message: 'Connect your calendar to continue.',
          allows: { decline: true, cancel: true },
        },
      ]);
      expect(session.outcomes).toEqual([{ action: 'accept' }]);
    } finally {
      await session.close();
    }
  });

  it.each(['decline', 'cancel'] as const)('passes on a %s', async (action) => {
    const session = await connect((request) => ({ requestId: request.id, action }), urlElicitation);
    try {
      await session.client.callTool({ name: 'book', arguments: {} });
      expect(session.outcomes).toEqual([{ action }]);
    } finally {
      await session.close();
    }
  });
});
