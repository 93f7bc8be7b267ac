/**
 * The shared store (`getRunStore`) comes without the code of its answers: the hooks that answer
 * bring it, and an answer sent without them loads it first. Either way, one answer per call.
 */
import { getRunStore, StoreObserver, toolInputObserver } from '../../../src/store';
import { FakeTaskClient } from './fake-task-client';

const ref = { taskId: 'task-1', toolCallId: 'call-1' } as const;

describe('answers of the shared store', () => {
  it('loads their code for an answer sent straight to the store, and still sends it once', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined, delayMs: 20 });
    const store = getRunStore(client);
    try {
      expect(store.getToolInput('task-1', 'call-1').state).toBe('idle');
      const first = store.submitToolInput(ref, 'yes');
      const second = store.submitToolInput(ref, 'no');
      await Promise.all([first, second]);
      expect(client.callsTo('submitToolInput').map((call) => call.args[1])).toEqual([{ input: 'yes', toolCallId: 'call-1' }]);
      expect(store.getToolInput('task-1', 'call-1').state).toBe('submitted');
    } finally {
      store.destroy();
    }
  });

  it('sends in the same task as the click when the answering hook brought their code', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined, delayMs: 20 });
    const store = getRunStore(client);
    const observer = new StoreObserver(toolInputObserver, store, { taskId: 'task-1' });
    const off = observer.subscribe(() => {});
    try {
      const sent = observer.result(store, { taskId: 'task-1' }).submit('call-1', 'yes');
      expect(store.getToolInput('task-1', 'call-1').state).toBe('submitting');
      expect(client.callsTo('submitToolInput')).toHaveLength(1);
      await sent;
      expect(store.getToolInput('task-1', 'call-1').state).toBe('submitted');
    } finally {
      off();
      store.destroy();
    }
  });
});
