/**
 * `fromAgUiInterrupt` and `toResumeEntry` on their own: each shape of interrupt, each answer
 * checked by `@ag-ui/core`'s `ResumeEntrySchema`, and untrusted interrupts. The runs of a real
 * `@ag-ui/client` agent are in ag-ui-agent.test.ts.
 */
import { ResumeEntrySchema } from '@ag-ui/core/schemas';
import type { Interrupt, ResumeEntry } from '@ag-ui/core';
import fc from 'fast-check';
import { fromAgUiInterrupt, toResumeEntry } from '../../../src/adapters/ag-ui';
import type { HumanAnswer } from '../../../src/request';

const approvalSchema = {
  type: 'object',
  properties: {
    approved: { type: 'boolean' },
    editedArgs: {
      type: 'object',
      properties: { to: { type: 'string', format: 'email' }, subject: { type: 'string' }, body: { type: 'string' } },
    },
  },
  required: ['approved'],
};

const toolInterrupt: Interrupt = {
  id: 'int-email',
  reason: 'tool_call',
  message: 'Send email to a@b.com?',
  toolCallId: 'tc-1',
  responseSchema: approvalSchema,
  expiresAt: '2030-04-20T17:00:00Z',
};
const toolCall = { name: 'send_email', args: { to: 'a@b.com', subject: 'Hi', body: 'Hello' } };

const formInterrupt: Interrupt = {
  id: 'int-form',
  reason: 'input_required',
  message: 'Please provide the quarterly filing details.',
  responseSchema: {
    type: 'object',
    properties: { quarter: { type: 'string', enum: ['Q1', 'Q2', 'Q3', 'Q4'] }, year: { type: 'integer', minimum: 2000 } },
    required: ['quarter', 'year'],
  },
};

/** What the next run sends: the entry as the SDK's schema reads it. */
const parsed = (entry: ResumeEntry) => ResumeEntrySchema.parse(entry);

describe('fromAgUiInterrupt', () => {
  it('makes a tool interrupt with AG-UI’s approval schema an approval, with edits as its editedArgs allow', () => {
    expect(fromAgUiInterrupt(toolInterrupt, { toolCall })).toEqual({
      id: 'int-email',
      kind: 'approval',
      source: 'ag-ui',
      message: 'Send email to a@b.com?',
      deadline: '2030-04-20T17:00:00Z',
      allows: { cancel: true },
      actions: [
        {
          name: 'send_email',
          args: toolCall.args,
          argsSchema: approvalSchema.properties.editedArgs,
          allowed: ['approve', 'edit', 'reject'],
        },
      ],
    });
  });

  it('offers edits on a tool interrupt without a schema only when the agent says it takes them', () => {
    const bare: Interrupt = { id: 'i', reason: 'tool_call', toolCallId: 'tc' };
    expect(fromAgUiInterrupt(bare, { toolCall })).toMatchObject({ kind: 'approval', actions: [{ allowed: ['approve', 'reject'] }] });
    expect(fromAgUiInterrupt(bare, { toolCall, approveWithEdits: true })).toMatchObject({
      actions: [{ allowed: ['approve', 'edit', 'reject'] }],
    });
    const minimal = { ...bare, responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] } };
    expect(fromAgUiInterrupt(minimal, { toolCall })).toMatchObject({ kind: 'approval', actions: [{ allowed: ['approve', 'reject'] }] });
    expect(fromAgUiInterrupt(toolInterrupt, { toolCall, approveWithEdits: false })).toMatchObject({
      actions: [{ allowed: ['approve', 'reject'] }],
    });
  });

  it('reads the tool call from the agent’s messages (JSON arguments), its metadata, or else names it by the reason', () => {
    const bare: Interrupt = { id: 'i', reason: 'tool_call', toolCallId: 'tc' };
    const fromMessages = { id: 'tc', type: 'function', function: { name: 'send_email', arguments: '{"to":"a@b.com"}' } } as const;
    expect(fromAgUiInterrupt(bare, { toolCall: fromMessages })).toMatchObject({
      actions: [{ name: 'send_email', args: { to: 'a@b.com' } }],
    });
    const withMetadata = { ...bare, metadata: { toolCallName: 'delete_rows', args: { table: 'users' } } };
    expect(fromAgUiInterrupt(withMetadata)).toMatchObject({ actions: [{ name: 'delete_rows', args: { table: 'users' } }] });
    expect(fromAgUiInterrupt(bare)).toMatchObject({ actions: [{ name: 'tool_call', args: undefined }] });
  });

  it('makes a tool interrupt asking for more than a decision a form of its schema', () => {
    const fingerprint: Interrupt = {
      id: 'int-refund',
      reason: 'tool_call',
      toolCallId: 'tc-refund',
      responseSchema: {
        type: 'object',
        properties: { approved: { type: 'boolean' }, approvedActionFingerprint: { type: 'string' } },
        required: ['approved', 'approvedActionFingerprint'],
      },
    };
    expect(fromAgUiInterrupt(fingerprint)).toMatchObject({ kind: 'form', schema: fingerprint.responseSchema });
  });

  it('makes a responseSchema a form of it', () => {
    expect(fromAgUiInterrupt(formInterrupt)).toEqual({
      id: 'int-form',
      kind: 'form',
      source: 'ag-ui',
      message: 'Please provide the quarterly filing details.',
      schema: formInterrupt.responseSchema,
      allows: { cancel: true },
    });
  });

  it('asks for one required text when the interrupt names neither schema nor tool call, its reason as the heading', () => {
    const custom: Interrupt = { id: 'int-text', reason: 'acme:clarify', message: 'Which account did you mean?' };
    expect(fromAgUiInterrupt(custom)).toEqual({
      id: 'int-text',
      kind: 'form',
      source: 'ag-ui',
      title: 'acme:clarify',
      message: 'Which account did you mean?',
      schema: { type: 'object', properties: { response: { type: 'string', title: 'Your response' } }, required: ['response'] },
      allows: { cancel: true },
    });
    expect(fromAgUiInterrupt(custom, { responseLabel: 'Ihre Antwort', title: 'Rückfrage' })).toMatchObject({
      title: 'Rückfrage',
      schema: { properties: { response: { title: 'Ihre Antwort' } } },
    });
    expect(fromAgUiInterrupt({ id: 'c', reason: 'confirmation' }).title).toBeUndefined();
  });

  it('cuts texts over 10,000 characters', () => {
    const request = fromAgUiInterrupt({ id: 'i', reason: 'r'.repeat(20_000), message: 'm'.repeat(1_000_000) });
    expect(request.message).toBe(`${'m'.repeat(10_000)}…`);
    expect(request.title).toBe(`${'r'.repeat(10_000)}…`);
  });

  it.each([
    [null, /interrupt must be an AG-UI Interrupt object/],
    [[], /interrupt must be an AG-UI Interrupt object/],
    [{ reason: 'tool_call' }, /interrupt.id must be a non-empty string/],
    [{ id: 7, reason: 'tool_call' }, /interrupt.id must be a non-empty string/],
  ])('says what is missing from %j', (interrupt, message) => {
    expect(() => fromAgUiInterrupt(interrupt as never)).toThrow(TypeError);
    expect(() => fromAgUiInterrupt(interrupt as never)).toThrow(message);
  });

  it('turns a getter that throws into a TypeError', () => {
    const hostile = Object.defineProperty({ id: 'i', reason: 'r' }, 'message', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(() => fromAgUiInterrupt(hostile)).toThrow(new TypeError('fromAgUiInterrupt: the interrupt could not be read'));
  });

  it('returns a request or throws a TypeError for any value at all', () => {
    const interrupt = fc.record(
      {
        id: fc.oneof(fc.string(), fc.anything()),
        reason: fc.anything(),
        message: fc.anything(),
        toolCallId: fc.oneof(fc.string(), fc.anything()),
        responseSchema: fc.oneof(fc.object(), fc.anything()),
        expiresAt: fc.anything(),
        metadata: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), interrupt), fc.anything(), (value, toolCallOption) => {
        try {
          const request = fromAgUiInterrupt(value as never, { toolCall: toolCallOption as never });
          expect(['form', 'approval']).toContain(request.kind);
          if (request.kind === 'approval') expect(typeof request.actions[0]?.name).toBe('string');
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('toResumeEntry', () => {
  const accept = (requestId: string, rest: object) => ({ requestId, action: 'accept', ...rest }) as HumanAnswer;

  it.each<[string, HumanAnswer, Interrupt, ResumeEntry]>([
    [
      'an approval',
      accept('int-email', { decisions: [{ type: 'approve' }] }),
      toolInterrupt,
      { interruptId: 'int-email', status: 'resolved', payload: { approved: true } },
    ],
    [
      'an approval with changes',
      accept('int-email', { decisions: [{ type: 'edit', args: { to: 'c@d.com', subject: 'Hi', body: 'Hello' } }] }),
      toolInterrupt,
      {
        interruptId: 'int-email',
        status: 'resolved',
        payload: { approved: true, editedArgs: { to: 'c@d.com', subject: 'Hi', body: 'Hello' } },
      },
    ],
    [
      'a rejection with a reason',
      accept('int-email', { decisions: [{ type: 'reject', message: ' Wrong recipient ' }] }),
      toolInterrupt,
      { interruptId: 'int-email', status: 'resolved', payload: { approved: false, reason: 'Wrong recipient' } },
    ],
    [
      'a rejection without one',
      accept('int-email', { decisions: [{ type: 'reject', message: '  ' }] }),
      toolInterrupt,
      { interruptId: 'int-email', status: 'resolved', payload: { approved: false } },
    ],
    [
      'a form',
      accept('int-form', { content: { quarter: 'Q1', year: 2026 } }),
      formInterrupt,
      { interruptId: 'int-form', status: 'resolved', payload: { quarter: 'Q1', year: 2026 } },
    ],
    [
      'a text',
      accept('t', { content: { response: 'The savings one' } }),
      { id: 't', reason: 'acme:clarify' },
      { interruptId: 't', status: 'resolved', payload: 'The savings one' },
    ],
    ['a cancel', { requestId: 'int-form', action: 'cancel' }, formInterrupt, { interruptId: 'int-form', status: 'cancelled' }],
    [
      'an expiry',
      { requestId: 'int-email', action: 'cancel', expired: true },
      toolInterrupt,
      { interruptId: 'int-email', status: 'cancelled' },
    ],
    ['a decline', { requestId: 'int-form', action: 'decline' }, formInterrupt, { interruptId: 'int-form', status: 'cancelled' }],
  ])('answers %s with an entry ResumeEntrySchema takes', (_, answer, interrupt, expected) => {
    const entry = toResumeEntry(answer, interrupt);
    expect(entry).toStrictEqual(expected);
    expect(parsed(entry)).toEqual(expected);
  });

  it('leaves the reason out where the schema shuts out properties it does not name', () => {
    const closed = { ...toolInterrupt, responseSchema: { ...approvalSchema, additionalProperties: false } };
    expect(toResumeEntry(accept('int-email', { decisions: [{ type: 'reject', message: 'No' }] }), closed).payload).toEqual({
      approved: false,
    });
    const named = {
      ...closed,
      responseSchema: { ...closed.responseSchema, properties: { ...approvalSchema.properties, reason: { type: 'string' } } },
    };
    expect(toResumeEntry(accept('int-email', { decisions: [{ type: 'reject', message: 'No' }] }), named).payload).toEqual({
      approved: false,
      reason: 'No',
    });
  });

  it.each<[string, unknown, Interrupt]>([
    ['an answer to another request', accept('other', { decisions: [{ type: 'approve' }] }), toolInterrupt],
    ['content for an approval', accept('int-email', { content: { approved: true } }), toolInterrupt],
    ['no decision for an approval', accept('int-email', { decisions: [] }), toolInterrupt],
    ['decisions for a form', accept('int-form', { decisions: [{ type: 'approve' }] }), formInterrupt],
    ['a visited page', accept('int-form', {}), formInterrupt],
    ['an unknown action', { requestId: 'int-form', action: 'skip' }, formInterrupt],
    ['no answer', null, formInterrupt],
  ])('refuses %s with a TypeError', (_, answer, interrupt) => {
    expect(() => toResumeEntry(answer as HumanAnswer, interrupt)).toThrow(TypeError);
  });
});
