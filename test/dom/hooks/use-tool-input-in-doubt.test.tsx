/**
 * `useToolInput` while the proxy cannot tell whether an answer was applied: `inDoubt`, a `reset()`
 * that does nothing, and every send of the answer with its one `Idempotency-Key`.
 */
import { act, renderHook } from '@testing-library/react';
import { useRunStatus, useToolInput } from '../../../src/hooks';
import { StaleToolCallError } from '../../../src/store';
import { inDoubtClient } from '../run-components/in-doubt-client';
import { destroyStores, provider, simulator, startTask } from '../run-components/simulator-harness';
import { advance, installFakeClock, removeFakeClock } from './hook-test-utils';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

async function answering() {
  const service = simulator();
  const { taskId } = await startTask(service, 'Log in to the shop');
  const doubtful = inDoubtClient(service);
  const { wrapper } = provider(doubtful.client);
  // Spread, so the render reads every field: a result re-renders only for the fields read in it.
  const hook = renderHook(() => ({ status: useRunStatus({ taskId }), answer: { ...useToolInput({ taskId }) } }), { wrapper });
  await advance(0);
  await advance(4000);
  const toolCallId = hook.result.current.status.pendingToolCall?.toolCallId;
  if (toolCallId === undefined) throw new Error('no call is waiting');
  const answerOf = (user: string) => [{ label: 'Username', value: user }];
  return { service, taskId, toolCallId, answerOf, ...doubtful, ...hook };
}

describe('useToolInput and an answer in doubt', () => {
  it('is inDoubt, refuses reset(), and resends only the first answer with its key', async () => {
    const { result, toolCallId, answerOf, keys, outcomes, service, taskId } = await answering();
    outcomes.push('lost', 'lost');

    await act(() => result.current.answer.submit(toolCallId, answerOf('ada')).catch(() => {}));
    await advance(0);
    expect(result.current.answer).toMatchObject({ state: 'error', inDoubt: true, error: { kind: 'answer_in_doubt', status: 504 } });

    act(() => result.current.answer.reset());
    await advance(0);
    expect(result.current.answer).toMatchObject({ state: 'error', inDoubt: true });

    // A second submit with a different answer sends the first one again, under its key.
    await act(() => result.current.answer.submit(toolCallId, answerOf('grace')).catch(() => {}));
    await advance(0);
    expect(result.current.answer.inDoubt).toBe(true);
    await act(() => result.current.answer.retry());
    await advance(0);
    expect(result.current.answer).toMatchObject({ state: 'submitted', inDoubt: false });

    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual([JSON.stringify(answerOf('ada'))]);
  });

  it('becomes stale and probably received once the status shows the call gone', async () => {
    const { result, toolCallId, answerOf, outcomes } = await answering();
    outcomes.push('applied');

    await act(() => result.current.answer.submit(toolCallId, answerOf('ada')).catch(() => {}));
    await advance(0);

    expect(result.current.answer).toMatchObject({ state: 'stale', inDoubt: false });
    expect(result.current.answer.error).toBeInstanceOf(StaleToolCallError);
    expect((result.current.answer.error as StaleToolCallError).probablyReceived).toBe(true);
  });
});
