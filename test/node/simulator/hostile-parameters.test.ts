/**
 * The simulator survives any parameters a scenario gives its agent: nested far past what the
 * structured-clone algorithm and JSON.stringify can recurse through, in process and over HTTP.
 */
import { createTaskClient } from '../../../src/client';
import { formInputTool } from '../../../src/schema';
import { createSimulatedService, startSimulatorServer, type Scenario } from '../../../src/testing';
import { createTestClock } from './drive';

const DEPTH = 30_000;

function deepParameters(): { [key: string]: never } {
  let value: unknown = { label: 'bottom' };
  for (let level = 0; level < DEPTH; level += 1) value = { fields: [value] };
  return value as { [key: string]: never };
}

const deepScenario: Scenario = {
  name: 'deep-parameters',
  description: 'Asks with parameters nested 30,000 levels deep.',
  keywords: ['deep'],
  steps: [{ type: 'tool_call', tool: 'form_input', parameters: deepParameters() }],
  result: () => ({ summary: 'Answered.' }),
};

function depthOf(value: unknown): number {
  let depth = 0;
  let current = value;
  while (typeof current === 'object' && current !== null) {
    current = Array.isArray(current) ? current[0] : (current as { fields?: unknown }).fields;
    depth += 1;
  }
  return depth;
}

// Each test takes well under a second here, but several on a busy machine: past Vitest's 5 s
// default. What they guard against is a stack overflow (a throw, at once) or a walk that never ends.
describe('the simulator given parameters nested 30,000 levels deep', { timeout: 60_000 }, () => {
  it('serves the tool call in process, and the run goes on after the answer', async () => {
    const clock = createTestClock();
    const service = createSimulatedService({ seed: 3, now: clock.now, scenario: deepScenario });
    const { taskId } = await service.client.createTask({ task: 'deep', tools: [formInputTool()] });
    clock.advance(100);
    const status = await service.client.getRunStatus(taskId);
    expect(status.toolCall?.tool.name).toBe('form_input');
    expect(depthOf(status.toolCall?.tool.parameters)).toBeGreaterThan(DEPTH);
    await service.client.submitToolInput(taskId, { toolCallId: status.toolCall?.toolCallId ?? '', input: '[]' });
    clock.advance(10_000);
    expect((await service.client.getRunStatus(taskId)).toolCall).toBeNull();
  });

  it('writes the tool call over HTTP, where the client reads it back whole', async () => {
    const server = await startSimulatorServer({ seed: 3, scenario: deepScenario, apiKey: 'sk_deep_test' });
    try {
      const client = createTaskClient({ baseUrl: server.url, apiKey: 'sk_deep_test' });
      const { taskId } = await client.createTask({ task: 'deep', tools: [formInputTool()] });
      await vi.waitFor(async () => expect((await client.getRunStatus(taskId)).toolCall).not.toBeNull(), { timeout: 30_000 });
      const status = await client.getRunStatus(taskId);
      expect(depthOf(status.toolCall?.tool.parameters)).toBeGreaterThan(DEPTH);
    } finally {
      await server.close();
    }
  });
});
