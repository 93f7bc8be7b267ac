/**
 * The OpenAI Agents SDK itself, on its own `ScriptedModel` (no network): an agent with two tools
 * that need approval, and a run stopped at both.
 */
import { Agent, run, RunState, setTracingDisabled, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel, type ScriptedModelInput } from '@openai/agents/testing';
import { z } from 'zod';
import type { HumanAnswer } from '../../../src/request';
import { applyToolApprovals } from '../../../src/adapters/openai-agents';

// No exporter and no network: the runs are local.
setTracingDisabled(true);

/** An agent with two tools that need approval, on a model that answers with `script`; `done` lists what the tools did. */
export function mailer(script: ScriptedModelInput[], done: string[] = []) {
  const model = new ScriptedModel(script);
  const sendEmail = tool({
    name: 'send_email',
    description: 'Send an e-mail',
    parameters: z.object({ to: z.string() }),
    needsApproval: true,
    execute: ({ to }) => {
      done.push(`sent to ${to}`);
      return Promise.resolve(`Sent to ${to}`);
    },
  });
  const deleteFile = tool({
    name: 'delete_file',
    description: 'Delete a file',
    parameters: z.object({ path: z.string() }),
    needsApproval: true,
    execute: ({ path }) => {
      done.push(`deleted ${path}`);
      return Promise.resolve(`Deleted ${path}`);
    },
  });
  return { agent: new Agent({ name: 'Mailer', model, tools: [sendEmail, deleteFile] }), model, done };
}

/** The model's first turn: a call of each tool. */
export const FIRST_TURN: ScriptedModelInput = [
  functionCall('send_email', { to: 'ann@example.com' }, { callId: 'call_1' }),
  functionCall('delete_file', { path: '/tmp/report.pdf' }, { callId: 'call_2' }),
];

/** The model's turns once the run resumes: a second mail (to Bob, call `call_3`), then "All done". */
export const secondMailThenDone = (): ScriptedModelInput[] => [
  [functionCall('send_email', { to: 'bob@example.com' }, { callId: 'call_3' })],
  [assistantMessage('All done')],
];

/** A run stopped at `FIRST_TURN`'s two calls, and its state as text. */
export async function interruptedRun() {
  const { agent, done } = mailer([FIRST_TURN]);
  const result = await run(agent, 'Mail Ann and clean up');
  return { result, saved: result.state.toString(), done };
}

/** The function call results the model was given in `call`'s input, by call id. */
export function toolResults(model: ScriptedModel, call: number): Record<string, unknown> {
  const input = model.calls[call]?.request.input;
  const items = Array.isArray(input) ? input : [];
  return Object.fromEntries(
    items.flatMap((item) => (item.type === 'function_call_result' ? [[item.callId, item.output] as [string, unknown]] : [])),
  );
}

/**
 * Another process's part: a fresh agent whose model then mails Bob and is done, the state `saved`
 * rehydrated, `answer` (send_email approved "always", delete_file rejected with a message) applied,
 * and the run resumed: the approved mail went once, the second without a new interruption, nothing
 * was deleted, and the model read the rejection's message.
 */
export async function expectResumedWithAlwaysAndReason(saved: string, answer: HumanAnswer): Promise<void> {
  const done: string[] = [];
  const { agent, model } = mailer(secondMailThenDone(), done);
  const state = await RunState.fromString(agent, saved);
  expect(applyToolApprovals(answer, state)).toBe(state);
  const resumed = await run(agent, state);
  expect(resumed.interruptions).toEqual([]);
  expect(resumed.finalOutput).toBe('All done');
  expect(done).toEqual(['sent to ann@example.com', 'sent to bob@example.com']);
  expect(toolResults(model, 0)).toEqual({
    call_1: { type: 'text', text: 'Sent to ann@example.com' },
    call_2: { type: 'text', text: 'Keep it, I still need it' },
  });
  expect(toolResults(model, 1)).toMatchObject({ call_3: { type: 'text', text: 'Sent to bob@example.com' } });
  model.assertComplete();
}
