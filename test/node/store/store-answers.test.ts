/**
 * The hooks read the client's shared store without the code of its answers (`getSharedStore`): the
 * hooks that answer bring it, and `getRunStore` hands out the same store with it. Either way, one
 * answer per call.
 */
import { getRunStore, getSharedStore, StoreObserver, toolInputObserver } from '../../../src/store';
import { FakeTaskClient } from './fake-task-client';

const ref = { taskId: 'task-1', toolCallId: 'call-1' } as const;

describe('answers of the shared store', () => {
  it('sends an answer given straight to the store of getRunStore, once', async () => {
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
    const store = getSharedStore(client);
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

  it('is the one store the hooks read, given its answers', async () => {
    const client = new FakeTaskClient().script('submitToolInput', { value: undefined });
    const shared = getSharedStore(client);
    try {
      expect(getRunStore(client)).toBe(shared);
      await shared.submitToolInput(ref, 'yes');
      expect(shared.getToolInput('task-1', 'call-1').state).toBe('submitted');
    } finally {
      shared.destroy();
    }
  });
});
