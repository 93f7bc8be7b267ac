/**
 * Answering in Slack's modals, end to end (see `slack-fixture`): a button opens a modal
 * (`views.open` with the press's `trigger_id`), and its submission (`view_submission`) is answered
 * in the acknowledgement itself: each field's error under its block with what was typed kept
 * (`response_action: "errors"`), a notice when nothing can be sent, or an empty 200 that closes it
 * once the answer is taken, exactly once, through the page's own path (audited `via: 'slack'`).
 * A form with a secret field never gets a modal.
 */
import type { HumanRequest } from '../../../src/request';
import { pid, settled, answer, list } from '../proxy/requests-fixture';
import type { SlackCall } from './slack-api';
import {
  audited,
  buttonsOf,
  finish,
  interact,
  opened,
  posted,
  pressOf,
  pressWith,
  slackAnswers,
  slackInstance,
  submissionOf,
  submit,
  sx,
  text,
  useSlackFixture,
} from './slack-fixture';

useSlackFixture();

const blocksOf = (view: Record<string, unknown>) => view.blocks as Array<Record<string, unknown> & { block_id?: string }>;
const inputBlock = (view: Record<string, unknown>, blockId: string) => blocksOf(view).find((block) => block.block_id === blockId);
const labelOf = (block: Record<string, unknown> | undefined) => (block?.label as { text: string } | undefined)?.text;

/** An approval of one action that may be edited (its arguments are a flat schema), responded to, and approved "always". */
const transfer = (id: string): HumanRequest => ({
  id,
  source: 'openai-agents',
  kind: 'approval',
  title: 'Pay the supplier?',
  actions: [
    {
      name: 'transfer',
      args: { to: 'ACME Ltd', amount: 120 },
      argsSchema: {
        type: 'object',
        properties: { to: { type: 'string', title: 'Payee' }, amount: { type: 'number', title: 'Amount', minimum: 1, maximum: 500 } },
        required: ['to', 'amount'],
      },
      allowed: ['approve', 'edit', 'reject', 'respond'],
      allowAlways: true,
    },
  ],
});

/** An MCP form of four fields Slack has inputs for. */
const booking = (id: string): HumanRequest => ({
  id,
  source: 'mcp',
  kind: 'form',
  title: 'Book the table',
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name on the booking', minLength: 2 },
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 8 },
      day: { type: 'string', format: 'date', title: 'Day' },
      seating: { type: 'string', title: 'Seating', enum: ['inside', 'terrace'] },
    },
    required: ['name', 'guests'],
  },
  allows: { decline: true },
});

it('asks a reason for a rejection in a modal, and rejects with it once: audited via slack, the message updated once', async () => {
  const a = await slackInstance();
  const request = a.proxy.requests.open(transfer('tr-1'), { team: 'ops' });
  const message = await posted();
  expect(buttonsOf(message).map((each) => each.action_id)).toEqual([
    'hitl_approve',
    'hitl_approve_always',
    'hitl_reject',
    'hitl_edit',
    'hitl_respond',
    'hitl_open_request',
  ]);
  // The arguments are never in the message.
  expect(text(message)).not.toContain('ACME Ltd');

  expect(await interact(a, pressOf(message, 'hitl_reject', 'U0BOB'))).toBe(200);
  const [open] = await sx.slack.waitFor('views.open');
  expect(open?.body.trigger_id).toEqual(expect.any(String));
  const view = await opened();
  expect(view).toMatchObject({ type: 'modal', title: { text: 'Reject' }, submit: { text: 'Reject' } });
  expect(labelOf(inputBlock(view, 'hitl_reason'))).toBe('Reason');
  expect(labelOf(inputBlock(view, 'hitl_always'))).toBe('For later calls');
  expect(await settled(request)).toBe(false);

  const reply = await submit(
    a,
    submissionOf(view, { hitl_reason: { type: 'plain_text_input', value: '  The amount is wrong ' } }, 'U0BOB'),
  );
  expect(reply).toEqual({ status: 200, body: null });
  expect(await request).toEqual({ requestId: 'tr-1', action: 'accept', decisions: [{ type: 'reject', message: 'The amount is wrong' }] });
  expect(await audited(1)).toEqual([expect.objectContaining({ user: 'bob@ops', requestId: pid('tr-1'), via: 'slack', status: 200 })]);
  const [update] = await sx.slack.waitFor('chat.update');
  expect(text(update as SlackCall)).toContain('by bob@ops in Slack');
  expect(buttonsOf(update as SlackCall)).toEqual([]);
  // The same view submitted again (Slack's retry, a double click) takes nothing more.
  expect(await submit(a, submissionOf(view, { hitl_reason: { type: 'plain_text_input', value: 'again' } }, 'U0BOB'))).toMatchObject({
    status: 200,
  });
  await finish(a);
  expect(slackAnswers()).toHaveLength(1);
  expect(sx.slack.of('chat.update')).toHaveLength(1);
});

it('approves "always" from its button, and rejects "always" with a reason from the modal', async () => {
  const a = await slackInstance();
  const first = a.proxy.requests.open(transfer('tr-2'), { team: 'ops' });
  expect(await interact(a, pressOf(await posted(), 'hitl_approve_always'))).toBe(200);
  expect(await first).toEqual({ requestId: 'tr-2', action: 'accept', decisions: [{ type: 'approve', always: true }] });

  const second = a.proxy.requests.open(transfer('tr-3'), { team: 'ops' });
  expect(await interact(a, pressOf(await posted(2), 'hitl_reject'))).toBe(200);
  const view = await opened();
  const always = { type: 'checkboxes' as const, selected_options: [{ value: 'always' }] };
  expect(await submit(a, submissionOf(view, { hitl_reason: { type: 'plain_text_input', value: null }, hitl_always: always }))).toEqual({
    status: 200,
    body: null,
  });
  expect(await second).toEqual({ requestId: 'tr-3', action: 'accept', decisions: [{ type: 'reject', always: true }] });
});

it('edits the arguments in a modal of fields: a value out of bounds comes back under its field, then the edit is sent with typed values', async () => {
  const a = await slackInstance();
  const request = a.proxy.requests.open(transfer('tr-4'), { team: 'ops' });
  expect(await interact(a, pressOf(await posted(), 'hitl_edit'))).toBe(200);
  const view = await opened();
  expect(view).toMatchObject({ title: { text: 'Edit and approve' }, submit: { text: 'Approve' } });
  // The arguments as fields, labelled by their titles, started at the agent's values, with the schema's bounds.
  expect(inputBlock(view, 'hitl_field_0')).toMatchObject({
    label: { text: 'Payee' },
    optional: false,
    element: { type: 'plain_text_input', initial_value: 'ACME Ltd' },
  });
  expect(inputBlock(view, 'hitl_field_1')).toMatchObject({
    label: { text: 'Amount' },
    element: { type: 'number_input', initial_value: '120', min_value: '1', max_value: '500' },
  });

  const typed = { hitl_field_0: { type: 'plain_text_input' as const, value: 'ACME Holdings' } };
  const refused = await submit(a, submissionOf(view, { ...typed, hitl_field_1: { type: 'number_input', value: '900' } }));
  expect(refused).toEqual({ status: 200, body: { response_action: 'errors', errors: { hitl_field_1: 'Must be 500 or less' } } });
  expect(await settled(request)).toBe(false);

  expect(await submit(a, submissionOf(view, { ...typed, hitl_field_1: { type: 'number_input', value: '95.5' } }))).toEqual({
    status: 200,
    body: null,
  });
  expect(await request).toEqual({
    requestId: 'tr-4',
    action: 'accept',
    decisions: [{ type: 'edit', args: { to: 'ACME Holdings', amount: 95.5 } }],
  });
});

it('responds in words from a modal, which refuses an empty response', async () => {
  const a = await slackInstance();
  const request = a.proxy.requests.open(transfer('tr-5'), { team: 'ops' });
  expect(await interact(a, pressOf(await posted(), 'hitl_respond'))).toBe(200);
  const view = await opened();
  const empty = await submit(a, submissionOf(view, { hitl_response: { type: 'plain_text_input', value: '   ' } }));
  expect(empty.body).toEqual({ response_action: 'errors', errors: { hitl_response: 'Say what to respond.' } });
  await submit(a, submissionOf(view, { hitl_response: { type: 'plain_text_input', value: 'Call the supplier first' } }));
  expect(await request).toEqual({
    requestId: 'tr-5',
    action: 'accept',
    decisions: [{ type: 'respond', message: 'Call the supplier first' }],
  });
});

it('answers a form in a modal: labelled as the page labels it, a refused value first with what was typed kept, then the typed content once', async () => {
  const a = await slackInstance();
  const request = a.proxy.requests.open(booking('bk-1'), { team: 'ops' });
  const message = await posted();
  expect(buttonsOf(message).map((each) => each.action_id)).toEqual(['hitl_answer', 'hitl_decline', 'hitl_open_request']);
  expect(await interact(a, pressOf(message, 'hitl_answer'))).toBe(200);
  const view = await opened();
  expect(view).toMatchObject({ type: 'modal', title: { text: 'Answer' }, submit: { text: 'Submit' } });
  expect(['hitl_field_0', 'hitl_field_1', 'hitl_field_2', 'hitl_field_3'].map((id) => labelOf(inputBlock(view, id)))).toEqual([
    'Name on the booking',
    'Guests',
    'Day',
    'Seating',
  ]);
  expect(inputBlock(view, 'hitl_field_0')).toMatchObject({ optional: false, element: { type: 'plain_text_input', min_length: 2 } });
  expect(inputBlock(view, 'hitl_field_1')).toMatchObject({ element: { type: 'number_input', is_decimal_allowed: false } });
  expect(inputBlock(view, 'hitl_field_2')).toMatchObject({ optional: true, element: { type: 'datepicker' } });
  expect(inputBlock(view, 'hitl_field_3')).toMatchObject({
    element: { type: 'static_select', options: [{ text: { text: 'inside' } }, { text: { text: 'terrace' } }] },
  });

  const inputs = {
    hitl_field_0: { type: 'plain_text_input' as const, value: 'Okafor' },
    hitl_field_2: { type: 'datepicker' as const, selected_date: '2026-12-24' },
    hitl_field_3: { type: 'static_select' as const, selected_option: { value: '1' } },
  };
  const refused = await submit(a, submissionOf(view, { ...inputs, hitl_field_1: { type: 'number_input', value: '12' } }));
  expect(refused.body).toEqual({ response_action: 'errors', errors: { hitl_field_1: 'Must be 8 or less' } });
  expect(await settled(request)).toBe(false);
  expect((await list(a, 'ann@ops')).map((each) => each.state)).toEqual(['open']);

  expect((await submit(a, submissionOf(view, { ...inputs, hitl_field_1: { type: 'number_input', value: '4' } }))).body).toBeNull();
  expect(await request).toEqual({
    requestId: 'bk-1',
    action: 'accept',
    content: { name: 'Okafor', guests: 4, day: '2026-12-24', seating: 'terrace' },
  });
  expect(await audited(1)).toEqual([expect.objectContaining({ user: 'ann@ops', via: 'slack', status: 200 })]);
});

it('never opens a modal for a form with a secret field: it only links, and a forged press is told so privately', async () => {
  const a = await slackInstance();
  const request = a.proxy.requests.open(
    {
      id: 'lg-1',
      source: 'task-service',
      kind: 'form',
      parameters: {
        heading: 'Sign in to the bank',
        fields: [
          { type: 'text', label: 'Username' },
          { type: 'text', label: 'One-time code', autocomplete: 'one-time-code' },
        ],
      },
    },
    { team: 'ops' },
  );
  const message = await posted();
  expect(buttonsOf(message).map((each) => each.action_id)).toEqual(['hitl_open_request']);
  // A press Slack never had a button for, signed as Slack signs it: no modal, nothing answered.
  expect(await interact(a, pressWith(message, 'hitl_answer', JSON.stringify([pid('lg-1'), 'form'])))).toBe(200);
  const [told] = await sx.slack.waitFor('chat.postEphemeral');
  expect(told?.body.text).toContain('cannot be answered in Slack');
  expect(sx.slack.of('views.open')).toEqual([]);
  expect(await settled(request)).toBe(false);
});

it('decides several actions in one modal: each must be chosen, an approval takes no words, a response needs them', async () => {
  const a = await slackInstance();
  const request = a.proxy.requests.open(
    {
      id: 'mx-1',
      source: 'langgraph',
      kind: 'approval',
      title: 'Clean up the shared drive',
      actions: [
        { name: 'archive_folder', args: { path: '/q3' }, allowAlways: true },
        { name: 'delete_file', args: { path: '/q3/old.xlsx' }, allowed: ['approve', 'reject', 'respond'] },
      ],
    },
    { team: 'ops' },
  );
  const message = await posted();
  expect(buttonsOf(message).map((each) => each.action_id)).toEqual(['hitl_decide', 'hitl_open_request']);
  expect(await interact(a, pressOf(message, 'hitl_decide'))).toBe(200);
  const view = await opened();
  expect(labelOf(inputBlock(view, 'hitl_decision_0'))).toBe('1. archive_folder');
  expect(inputBlock(view, 'hitl_decision_0')?.element).toMatchObject({
    type: 'radio_buttons',
    options: [{ value: 'approve' }, { value: 'approve_always' }, { value: 'reject' }, { value: 'reject_always' }],
  });
  expect(inputBlock(view, 'hitl_decision_1')?.element).toMatchObject({
    options: [{ value: 'approve' }, { value: 'reject' }, { value: 'respond' }],
  });

  const refused = await submit(
    a,
    submissionOf(view, {
      hitl_decision_0: { type: 'radio_buttons', selected_option: { value: 'approve' } },
      hitl_note_0: { type: 'plain_text_input', value: 'fine' },
      hitl_decision_1: { type: 'radio_buttons', selected_option: { value: 'respond' } },
      hitl_note_1: { type: 'plain_text_input', value: null },
    }),
  );
  expect(refused.body).toEqual({
    response_action: 'errors',
    errors: {
      hitl_note_0: 'An approval takes no words: clear this, or choose Reject or Respond.',
      hitl_note_1: 'Say what to respond.',
    },
  });
  await submit(
    a,
    submissionOf(view, {
      hitl_decision_0: { type: 'radio_buttons', selected_option: { value: 'approve_always' } },
      hitl_decision_1: { type: 'radio_buttons', selected_option: { value: 'reject' } },
      hitl_note_1: { type: 'plain_text_input', value: 'Keep it until January' },
    }),
  );
  expect(await request).toEqual({
    requestId: 'mx-1',
    action: 'accept',
    decisions: [
      { type: 'approve', always: true },
      { type: 'reject', message: 'Keep it until January' },
    ],
  });
});

it('sends nothing from a modal submitted by someone who does not answer for the team, or after a page answered: a notice says why', async () => {
  const a = await slackInstance();
  const request = a.proxy.requests.open(booking('bk-2'), { team: 'ops' });
  expect(await interact(a, pressOf(await posted(), 'hitl_answer'))).toBe(200);
  const view = await opened();
  const inputs = {
    hitl_field_0: { type: 'plain_text_input' as const, value: 'Okafor' },
    hitl_field_1: { type: 'number_input' as const, value: '2' },
  };
  const stranger = await submit(a, submissionOf(view, inputs, 'U0MAL'));
  expect(stranger.body).toMatchObject({ response_action: 'update', view: { title: { text: 'Nothing was sent' } } });
  expect(JSON.stringify(stranger.body)).toContain('not one you answer');
  expect(await settled(request)).toBe(false);

  expect((await answer(a, 'bob@ops', 'bk-2', { requestId: 'bk-2', action: 'decline' })).status).toBe(200);
  expect(await request).toEqual({ requestId: 'bk-2', action: 'decline' });
  const late = await submit(a, submissionOf(view, inputs));
  expect(JSON.stringify(late.body)).toContain('already answered by bob@ops');
  await finish(a);
  expect(slackAnswers().map((entry) => entry.via)).toEqual(['page']);
});
