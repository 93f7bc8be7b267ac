import type { TaskClient, ToolCall } from '../../../src/client';
import type { FormField, FormInputParameters } from '../../../src/schema';
import type { TestClock } from '../client/simulator-faces';

export { createTestClock, type TestClock } from '../client/simulator-faces';

/** A plausible answer to one form field, as a person filling in the form would give it. */
export function plausibleValue(field: FormField): unknown {
  const first = field.options?.[0]?.value;
  switch (field.type) {
    case 'number':
    case 'range':
      return typeof field.defaultValue === 'number' ? field.defaultValue : (field.min ?? 1);
    case 'select':
    case 'radio':
      return field.defaultValue ?? first;
    case 'checkbox':
      return field.options === undefined ? true : first === undefined ? [] : [first];
    case 'switch':
      return true;
    case 'password':
      return 'correct horse battery staple';
    default:
      return field.pattern === '^[0-9]{6}$' ? '123456' : (field.label ?? 'answer').toLowerCase().replace(/\W+/g, '.');
  }
}

/** The encoded answer to a `form_input` call, or an approval for any other tool. */
export function plausibleInput(call: ToolCall, overrides: Record<string, unknown> = {}): string {
  if (call.tool.name !== 'form_input') return JSON.stringify({ approved: true });
  const fields = (call.tool.parameters as FormInputParameters).fields ?? [];
  return JSON.stringify(
    fields.map((field) => ({
      label: field.label ?? '',
      value: field.label !== undefined && field.label in overrides ? overrides[field.label] : plausibleValue(field),
    })),
  );
}

/**
 * Runs the most recent run of a task to its end, answering every tool call; returns the calls
 * in order. `answer` may replace the default answers.
 */
export async function driveToEnd(
  client: TaskClient,
  clock: TestClock,
  taskId: string,
  answer: (call: ToolCall) => string = (call) => plausibleInput(call),
): Promise<ToolCall[]> {
  const calls: ToolCall[] = [];
  for (let guard = 0; guard < 100; guard++) {
    const status = await client.getRunStatus(taskId);
    if (status.status !== 'running') return calls;
    if (status.toolCall !== null) {
      calls.push(status.toolCall);
      await client.submitToolInput(taskId, { input: answer(status.toolCall), toolCallId: status.toolCall.toolCallId });
    } else {
      clock.advance(1000);
    }
  }
  throw new Error('the run did not end within 100 polls');
}
