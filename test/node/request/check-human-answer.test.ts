/**
 * `checkHumanRequest` and `checkHumanAnswer`: what the proxy takes from a source, and from a page
 * answering it. The requests the adapters make are taken; a body that is not what the request
 * allows gets one sentence saying why; nothing thrown at them, however hostile, throws.
 */
import fc from 'fast-check';
import { fromAgUiInterrupt } from '../../../src/adapters/ag-ui';
import { fromToolApproval, fromToolCall } from '../../../src/adapters/ai-sdk';
import { fromInterrupt } from '../../../src/adapters/langgraph';
import { fromSuspendedStep, fromToolCallApproval } from '../../../src/adapters/mastra';
import { fromElicitation } from '../../../src/adapters/mcp';
import { fromToolApprovals } from '../../../src/adapters/openai-agents';
import { checkHumanRequest, type HumanRequest } from '../../../src/request';
import { checkHumanAnswer } from '../../../src/server/requests/check-human-answer';

const schemaForm: HumanRequest = {
  id: 'el-1',
  source: 'mcp',
  kind: 'form',
  schema: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer' }, email: { type: 'string', format: 'email' } },
    required: ['name'],
  },
  allows: { decline: true, cancel: true },
};

const formInput: HumanRequest = {
  id: 'call-7',
  source: 'ai-sdk',
  kind: 'form',
  parameters: {
    heading: 'Sign in',
    fields: [
      { type: 'text', label: 'User' },
      { type: 'checkbox', options: [{ label: 'A', value: 1 }] },
    ],
  },
};

const approval: HumanRequest = {
  id: 'int-3',
  source: 'langgraph',
  kind: 'approval',
  actions: [
    {
      name: 'send_email',
      args: { to: 'a@example.com' },
      allowed: ['approve', 'edit', 'reject'],
      argsSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
    },
    { name: 'delete_file', args: { path: '/tmp/x' } },
    { name: 'ask', args: {}, allowed: ['respond'] },
  ],
};

/** An approval whose source can apply a decision to the tool's later calls (the OpenAI Agents SDK's). */
const always: HumanRequest = {
  id: 'openai-agents:call_1,call_2',
  source: 'openai-agents',
  kind: 'approval',
  actions: [
    { name: 'send_email', args: { to: 'a@example.com' }, allowAlways: true },
    { name: 'delete_file', args: { path: '/tmp/x' }, allowed: ['approve', 'edit', 'reject'], allowAlways: true },
  ],
};

const link: HumanRequest = { id: 'el-url', source: 'mcp', kind: 'link', url: 'https://auth.example.com/x', allows: { cancel: true } };

describe('checkHumanRequest', () => {
  it('takes each kind of request', () => {
    for (const request of [schemaForm, formInput, approval, always, link]) expect(checkHumanRequest(request)).toBeUndefined();
    expect(checkHumanRequest({ ...link, deadline: 'not a time', title: 'Sign in', message: 'Please' })).toBeUndefined();
  });

  it.each([
    [null, 'A request must be an object.'],
    [{ ...link, id: '' }, 'The request needs an "id", a non-empty string.'],
    [{ ...link, id: 'x'.repeat(1001) }, 'The request\'s "id" is longer than 1000 characters.'],
    [{ ...link, source: 7 }, 'The request needs a "source", a non-empty string.'],
    [{ ...link, kind: 'quiz' }, 'The request\'s "kind" must be "form", "approval", "link" or "control".'],
    [{ ...link, deadline: Number.NaN }, 'The request\'s "deadline" must be an ISO 8601 time or milliseconds since the epoch.'],
    [{ ...link, allows: { cancel: 'yes' } }, 'The request\'s "allows" must be an object of "decline" and "cancel", each true or false.'],
    [{ ...link, url: undefined }, 'A link request needs a "url", a string.'],
    [
      { ...schemaForm, parameters: {} },
      'A form request needs either "parameters" (a form_input form) or "schema" (a JSON Schema), not both.',
    ],
    [{ ...schemaForm, schema: [] }, 'A form request\'s "schema" must be a JSON Schema object.'],
    [{ ...approval, actions: [] }, 'An approval request needs "actions", a list of at least one action.'],
    [
      { ...approval, actions: [{ name: 'x', args: 1, allowed: ['maybe'] }] },
      'Action 1\'s "allowed" must list decisions of approve, edit, reject and respond.',
    ],
    [{ ...approval, actions: [{ name: 'x', args: 1, allowAlways: 'yes' }] }, 'Action 1\'s "allowAlways" must be true or false.'],
  ])('refuses %j: %s', (request, problem) => {
    expect(checkHumanRequest(request)).toBe(problem);
  });

  it('takes every request the adapters make', () => {
    const text = fc.string({ minLength: 1, maxLength: 12 });
    const json = fc.jsonValue({ maxDepth: 2 });
    const schema = fc.dictionary(text, fc.constantFrom({ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { enum: ['a', 'b'] }));
    const made = fc.oneof(
      fc
        .record({ message: fc.string(), properties: schema, deadline: fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined }) })
        .map(({ message, properties, deadline }) =>
          fromElicitation({ message, requestedSchema: { type: 'object', properties } }, deadline === undefined ? {} : { deadline }),
        ),
      fc
        .record({ message: fc.string(), url: fc.string(), elicitationId: text })
        .map((params) => fromElicitation({ mode: 'url', ...params })),
      fc
        .record({
          id: text,
          reason: fc.string(),
          message: fc.anything(),
          responseSchema: fc.option(fc.object(), { nil: undefined }),
          toolCallId: fc.option(text, { nil: undefined }),
          expiresAt: fc.anything(),
        })
        .map((interrupt) => fromAgUiInterrupt(interrupt as never)),
      fc
        .record({
          id: text,
          names: fc.array(text, { minLength: 1, maxLength: 3 }),
          args: json,
          allowed: fc.subarray(['approve', 'edit', 'reject', 'respond', 'other']),
        })
        .map(({ id, names, args, allowed }) =>
          fromInterrupt({
            id,
            value: {
              actionRequests: names.map((name) => ({ name, args })),
              reviewConfigs: names.map((actionName) => ({ actionName, allowedDecisions: allowed })),
            },
          }),
        ),
      fc.record({ toolCallId: text, approvalId: text, input: json }).map(({ toolCallId, approvalId, input }) =>
        fromToolApproval({
          type: 'tool-deleteFile',
          toolCallId,
          state: 'approval-requested',
          input,
          approval: { id: approvalId },
        }),
      ),
      fc
        .record({ toolCallId: text, input: json })
        .map(({ toolCallId, input }) => fromToolCall({ type: 'tool-form_input', toolCallId, state: 'input-available', input })),
      fc
        .uniqueArray(fc.record({ callId: text, name: text, arguments: fc.string(), agent: text }), {
          selector: (call) => call.callId,
          minLength: 1,
          maxLength: 40,
        })
        .map((calls) =>
          fromToolApprovals(
            calls.map(({ callId, name, arguments: args, agent }) => ({
              rawItem: { callId, name, arguments: args },
              agent: { name: agent },
            })),
          ),
        ),
      fc
        .record({ runId: text, toolCallId: text, toolName: text, args: json })
        .map(({ runId, ...payload }) => fromToolCallApproval(payload, { runId })),
      fc
        .record({ runId: text, stepId: fc.array(text, { minLength: 1, maxLength: 3 }), suspendPayload: fc.anything(), schema: fc.object() })
        .map(({ schema, ...step }) => fromSuspendedStep({ ...step, resumeSchema: schema })),
    );
    fc.assert(
      fc.property(made, (request) => {
        expect(checkHumanRequest(request)).toBeUndefined();
        // Through JSON and back, as the proxy's store keeps it.
        expect(checkHumanRequest(JSON.parse(JSON.stringify(request)))).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkHumanAnswer', () => {
  it.each<[string, HumanRequest, unknown]>([
    [
      'a schema form’s content',
      schemaForm,
      { requestId: 'el-1', action: 'accept', content: { name: 'Ada', age: 36, email: 'not checked' } },
    ],
    ['a decline where allowed', schemaForm, { requestId: 'el-1', action: 'decline' }],
    ['a cancel where allowed', schemaForm, { requestId: 'el-1', action: 'cancel' }],
    [
      'a form_input answer',
      formInput,
      {
        requestId: 'call-7',
        action: 'accept',
        answer: [
          { label: 'User', value: 'ada' },
          { label: '', value: [1] },
        ],
      },
    ],
    [
      'an approval’s decisions',
      approval,
      {
        requestId: 'int-3',
        action: 'accept',
        decisions: [
          { type: 'edit', args: { to: 'b@example.com' } },
          { type: 'reject', message: 'No' },
          { type: 'respond', message: 'Later' },
        ],
      },
    ],
    ['a link visited', link, { requestId: 'el-url', action: 'accept' }],
    [
      'an approve and a reject "always" where the actions allow it',
      always,
      {
        requestId: always.id,
        action: 'accept',
        decisions: [
          { type: 'approve', always: true },
          { type: 'reject', message: 'No', always: false },
        ],
      },
    ],
  ])('takes %s', (_, request, answer) => {
    expect(checkHumanAnswer(request, answer)).toBeUndefined();
  });

  it.each<[string, HumanRequest, unknown, string]>([
    ['not an object', link, 'accept', 'An answer must be a JSON object.'],
    ['another request’s', link, { requestId: 'el-2', action: 'accept' }, 'The answer\'s "requestId" is not this request\'s id.'],
    [
      'an unknown action',
      link,
      { requestId: 'el-url', action: 'maybe' },
      'The answer\'s "action" must be "accept", "decline" or "cancel".',
    ],
    ['a decline it does not allow', link, { requestId: 'el-url', action: 'decline' }, 'This request cannot be answered with "decline".'],
    [
      'an expiry from a page',
      link,
      { requestId: 'el-url', action: 'cancel', expired: true },
      'Only the proxy says that a request expired: an answer cannot.',
    ],
    [
      'a field more',
      link,
      { requestId: 'el-url', action: 'accept', content: {} },
      'The answer has a field this request does not take: "content".',
    ],
    [
      'content missing',
      schemaForm,
      { requestId: 'el-1', action: 'accept' },
      'Accepting this form needs "content", an object of its fields.',
    ],
    [
      'content against the schema',
      schemaForm,
      { requestId: 'el-1', action: 'accept', content: { name: 'Ada', age: 'old' } },
      'The answer\'s "content" does not fit the request\'s schema at /age: must be integer.',
    ],
    [
      'content without a required field',
      schemaForm,
      { requestId: 'el-1', action: 'accept', content: {} },
      "The answer's \"content\" does not fit the request's schema: must have required property 'name'.",
    ],
    [
      'entries missing',
      formInput,
      { requestId: 'call-7', action: 'accept', answer: [] },
      'The form has 2 fields; the answer has 0 entries.',
    ],
    [
      'an entry of another label',
      formInput,
      {
        requestId: 'call-7',
        action: 'accept',
        answer: [
          { label: 'Password', value: 'x' },
          { label: '', value: null },
        ],
      },
      'Entry 1 of the answer must have the label of field 1.',
    ],
    [
      'an entry whose value is an object',
      formInput,
      {
        requestId: 'call-7',
        action: 'accept',
        answer: [
          { label: 'User', value: { x: 1 } },
          { label: '', value: null },
        ],
      },
      'Entry 1 of the answer must have a value: text, a number, true or false, null, or a list of texts and numbers.',
    ],
    [
      'an answer to a form that cannot be shown',
      { ...formInput, parameters: { fields: 'none' } },
      { requestId: 'call-7', action: 'accept', answer: [] },
      'This form cannot be answered: The form: "fields" must be an array, not a string.',
    ],
    ['decisions missing', approval, { requestId: 'int-3', action: 'accept' }, 'Accepting an approval needs "decisions", one per action.'],
    [
      'a decision the action does not allow',
      approval,
      {
        requestId: 'int-3',
        action: 'accept',
        decisions: [{ type: 'approve' }, { type: 'edit', args: {} }, { type: 'respond', message: 'x' }],
      },
      'Decision 2 is "edit", which action 2 does not allow.',
    ],
    [
      'edited args against the argsSchema',
      approval,
      {
        requestId: 'int-3',
        action: 'accept',
        decisions: [{ type: 'edit', args: { to: 3 } }, { type: 'approve' }, { type: 'respond', message: 'x' }],
      },
      'Decision 1\'s "args" does not fit the request\'s schema at /to: must be string.',
    ],
    [
      'a response without words',
      approval,
      { requestId: 'int-3', action: 'accept', decisions: [{ type: 'approve' }, { type: 'approve' }, { type: 'respond', message: ' ' }] },
      'Decision 3 responds, and needs a "message": a non-empty text.',
    ],
    [
      '"always" where the action does not allow it',
      approval,
      {
        requestId: 'int-3',
        action: 'accept',
        decisions: [{ type: 'approve' }, { type: 'approve', always: true }, { type: 'respond', message: 'x' }],
      },
      'Decision 2 says "always", which action 2 does not allow: its source cannot apply a decision to later calls.',
    ],
    [
      '"always" on an edit',
      always,
      { requestId: always.id, action: 'accept', decisions: [{ type: 'approve' }, { type: 'edit', args: {}, always: true }] },
      'Decision 2 is "edit", which cannot be "always": only an approve or a reject can.',
    ],
    [
      '"always" that is not true or false',
      always,
      { requestId: always.id, action: 'accept', decisions: [{ type: 'approve', always: 'yes' }, { type: 'approve' }] },
      'Decision 1\'s "always" must be true or false.',
    ],
  ])('refuses %s', (_, request, answer, problem) => {
    expect(checkHumanAnswer(request, answer)).toBe(problem);
  });

  it('takes any object for a schema ajv cannot compile, as the prompt’s JSON editor does', () => {
    const remote: HumanRequest = { id: 'r', source: 'ag-ui', kind: 'form', schema: { $ref: 'https://example.com/schema.json' } };
    expect(checkHumanAnswer(remote, { requestId: 'r', action: 'accept', content: { any: 'thing' } })).toBeUndefined();
    expect(checkHumanAnswer(remote, { requestId: 'r', action: 'accept', content: 'text' })).toBe(
      'Accepting this form needs "content", an object of its fields.',
    );
  });

  it('never throws, whatever the request and the answer', () => {
    const requests = fc.constantFrom(schemaForm, formInput, approval, link);
    const answers = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          requestId: fc.constantFrom('el-1', 'call-7', 'int-3', 'el-url'),
          action: fc.constantFrom('accept', 'decline', 'cancel', 'other'),
          content: fc.jsonValue(),
          answer: fc.jsonValue(),
          decisions: fc.oneof(
            fc.jsonValue(),
            fc.array(
              fc.record(
                { type: fc.constantFrom('approve', 'edit', 'reject', 'respond'), args: fc.jsonValue(), message: fc.jsonValue() },
                { requiredKeys: ['type'] },
              ),
            ),
          ),
          expired: fc.jsonValue(),
        },
        { requiredKeys: ['requestId', 'action'] },
      ),
    );
    fc.assert(
      fc.property(requests, answers, (request, answer) => {
        const problem = checkHumanAnswer(request, answer);
        expect(problem === undefined || typeof problem === 'string').toBe(true);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(() => checkHumanRequest(value)).not.toThrow();
      }),
    );
  });

  it('says a getter that throws could not be read', () => {
    const hostile = Object.defineProperty({ requestId: 'el-url' }, 'action', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(checkHumanAnswer(link, hostile)).toBe('The answer could not be read.');
    expect(
      checkHumanRequest(
        Object.defineProperty({}, 'id', {
          get: () => {
            throw new Error('boom');
          },
        }),
      ),
    ).toBe('The request could not be read.');
  });
});
