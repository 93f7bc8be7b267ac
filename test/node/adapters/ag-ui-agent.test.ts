/**
 * `hitl-react/ag-ui` against a real `@ag-ui/client` agent: runs that finish with an interrupt
 * outcome, answered as `<HumanRequestPrompt>` would (through the form core for forms), resumed
 * by the client's `runAgent({ resume })`, which checks that every interrupt is covered and that
 * an expired one is only cancelled. The agent reads `input.resume` and finishes.
 */
import type { Interrupt } from '@ag-ui/client';
import { fromAgUiInterrupt, toResumeEntry } from '../../../src/adapters/ag-ui';
import { buildSchemaForm, isFlatObjectSchema, schemaFormAnswer, validateField, type FieldValue } from '../../../src/form';
import type { HumanAnswer, HumanRequest } from '../../../src/request';
import {
  ScriptedAgent,
  approvalSchema,
  emailArgs,
  finished,
  interrupted,
  mailAgent,
  resumeOf,
  started,
  toolCallOf,
  toolResults,
} from './ag-ui-fixture';

/** A person filling a schema form as the prompt would: through the form core. */
function submitForm(request: HumanRequest, input: Record<string, unknown>): HumanAnswer {
  if (request.kind !== 'form' || !isFlatObjectSchema(request.schema)) throw new Error(`expected a schema form, got ${request.kind}`);
  const form = buildSchemaForm(request.schema, {});
  const values = form.model.fields.map((field) => {
    const key = form.keys[field.index] ?? '';
    const wanted = input[key];
    const value: FieldValue =
      field.control === 'select'
        ? field.options.findIndex((option) => option.value === wanted)
        : ((wanted as FieldValue | undefined) ?? field.initial);
    expect(validateField(field, value, false), `the field of "${key}"`).toBeNull();
    return value;
  });
  return { requestId: request.id, action: 'accept', content: schemaFormAnswer(form.model.fields, form.keys, values) };
}

describe('an AG-UI agent resumed with toResumeEntry', () => {
  it('sends the email with the arguments the person edited', async () => {
    const agent = mailAgent([
      { id: 'tc-1', interrupt: { id: 'int-1', reason: 'tool_call', message: 'Send it?', responseSchema: approvalSchema } },
    ]);
    await agent.runAgent();
    const [interrupt] = agent.pendingInterrupts;
    if (interrupt === undefined) throw new Error('the run did not interrupt');

    const request = fromAgUiInterrupt(interrupt, { toolCall: toolCallOf(agent, interrupt.toolCallId) });
    expect(request).toMatchObject({
      kind: 'approval',
      message: 'Send it?',
      actions: [{ name: 'send_email', args: emailArgs, allowed: ['approve', 'edit', 'reject'] }],
    });
    const edited = { ...emailArgs, body: 'Hello (revised)' };
    const entry = toResumeEntry({ requestId: request.id, action: 'accept', decisions: [{ type: 'edit', args: edited }] }, interrupt);
    await agent.runAgent({ resume: resumeOf([entry]) });

    expect(agent.inputs[1]?.resume).toEqual([
      { interruptId: 'int-1', status: 'resolved', payload: { approved: true, editedArgs: edited } },
    ]);
    expect(agent.pendingInterrupts).toEqual([]);
    expect(toolResults(agent)).toEqual([`sent ${JSON.stringify(edited)}`]);
  });

  it('resumes two tool calls at once: one rejected with a reason, one approved', async () => {
    const agent = mailAgent([
      { id: 'tc-a', interrupt: { id: 'i-a', reason: 'tool_call', message: 'Send to a@b.com?' } },
      { id: 'tc-b', interrupt: { id: 'i-b', reason: 'tool_call', message: 'Send to y@z.com?' } },
    ]);
    await agent.runAgent();
    const entries = agent.pendingInterrupts.map((interrupt, index) => {
      const request = fromAgUiInterrupt(interrupt, { toolCall: toolCallOf(agent, interrupt.toolCallId) });
      expect(request).toMatchObject({ kind: 'approval', actions: [{ name: 'send_email', allowed: ['approve', 'reject'] }] });
      const decision = index === 0 ? ({ type: 'reject', message: 'Wrong recipient' } as const) : ({ type: 'approve' } as const);
      return toResumeEntry({ requestId: request.id, action: 'accept', decisions: [decision] }, interrupt);
    });
    await agent.runAgent({ resume: resumeOf(entries) });

    expect(agent.inputs[1]?.resume).toEqual([
      { interruptId: 'i-a', status: 'resolved', payload: { approved: false, reason: 'Wrong recipient' } },
      { interruptId: 'i-b', status: 'resolved', payload: { approved: true } },
    ]);
    expect(toolResults(agent)).toEqual(['not sent: Wrong recipient', `sent ${JSON.stringify(emailArgs)}`]);
    expect(agent.pendingInterrupts).toEqual([]);
  });

  it('answers a schema form and a free text with the form core’s typed content', async () => {
    const filing: Interrupt = {
      id: 'int-form',
      reason: 'input_required',
      message: 'Please provide the quarterly filing details.',
      responseSchema: {
        type: 'object',
        properties: {
          quarter: { type: 'string', enum: ['Q1', 'Q2', 'Q3', 'Q4'] },
          year: { type: 'integer', minimum: 2000 },
          revenue: { type: 'number' },
        },
        required: ['quarter', 'year', 'revenue'],
      },
    };
    const clarify: Interrupt = { id: 'int-text', reason: 'acme:clarify', message: 'Which account?' };
    const agent = new ScriptedAgent((input) =>
      input.resume === undefined ? [started(input), interrupted(input, [filing, clarify])] : [started(input), finished(input)],
    );
    await agent.runAgent();

    const [filingRequest, clarifyRequest] = agent.pendingInterrupts.map((interrupt) => fromAgUiInterrupt(interrupt));
    if (filingRequest === undefined || clarifyRequest === undefined) throw new Error('expected two interrupts');
    const entries = [
      toResumeEntry(submitForm(filingRequest, { quarter: 'Q1', year: '2026', revenue: '4200000' }), filing),
      toResumeEntry(submitForm(clarifyRequest, { response: 'The savings one' }), clarify),
    ];
    await agent.runAgent({ resume: resumeOf(entries) });

    expect(agent.inputs[1]?.resume).toEqual([
      { interruptId: 'int-form', status: 'resolved', payload: { quarter: 'Q1', year: 2026, revenue: 4200000 } },
      { interruptId: 'int-text', status: 'resolved', payload: 'The savings one' },
    ]);
    expect(agent.pendingInterrupts).toEqual([]);
  });

  it('cancels an interrupt whose deadline passed, which the client takes where it refuses an answer', async () => {
    const late: Interrupt = { id: 'int-late', reason: 'tool_call', toolCallId: 'tc-late', expiresAt: '2001-01-01T00:00:00Z' };
    const agent = mailAgent([{ id: 'tc-late', interrupt: late }]);
    await agent.runAgent();
    const [interrupt] = agent.pendingInterrupts;
    if (interrupt === undefined) throw new Error('the run did not interrupt');
    const request = fromAgUiInterrupt(interrupt, { toolCall: toolCallOf(agent, interrupt.toolCallId) });
    expect(request.deadline).toBe('2001-01-01T00:00:00Z');

    const approved = toResumeEntry({ requestId: request.id, action: 'accept', decisions: [{ type: 'approve' }] }, interrupt);
    await expect(agent.runAgent({ resume: resumeOf([approved]) })).rejects.toThrow(/expired/);

    const expired = toResumeEntry({ requestId: request.id, action: 'cancel', expired: true }, interrupt);
    await agent.runAgent({ resume: resumeOf([expired]) });
    expect(agent.inputs.at(-1)?.resume).toEqual([{ interruptId: 'int-late', status: 'cancelled' }]);
    expect(toolResults(agent)).toEqual(['not sent: cancelled']);
    expect(agent.pendingInterrupts).toEqual([]);
  });
});
