/**
 * What a hub instance knows of a topic, and so what its poller asks next: the first of status,
 * result and GIF without a final payload, nothing once the run ended in an error or the key was
 * refused; a new run (a status that changed) has its result and GIF read again.
 */
import type { EventResource } from '../../../src/client';
import type { StoredChange } from '../../../src/server/stores/proxy-store';
import { TopicState } from '../../../src/server/hub/topic-state';

const payload = (final: boolean, body: Record<string, unknown> = {}) => JSON.stringify({ taskId: 't', final, ...body });
const change = (resource: EventResource, text: string): StoredChange => ({ topic: 't', resource, payload: text, epoch: 'e', seq: 1 });

describe('the state of a topic', () => {
  it('asks the status, then the result once, then the GIF until it is final', () => {
    const state = new TopicState();
    expect(state.next).toBe('status');
    state.remember('status', payload(false, { data: { status: 'running' } }));
    expect([state.next, state.running]).toEqual(['status', true]);
    state.remember('status', payload(true, { data: { status: 'completed' } }));
    expect(state.next).toBe('result');
    state.remember('result', payload(true, { data: { ok: 1 } }));
    expect(state.next).toBe('gif');
    state.remember('gif', payload(false, { data: { status: 'pending' } }));
    expect(state.next).toBe('gif');
    state.remember('gif', payload(true, { data: { status: 'completed' } }));
    expect([state.next, state.finished]).toEqual(['done', true]);
  });

  it('reads the result and GIF of a new run again, but not after an unchanged status', () => {
    const state = new TopicState();
    state.reset([
      change('result', payload(true, { data: { ok: 1 } })),
      change('gif', payload(true, { data: { status: 'completed' } })),
      change('status', payload(true, { data: { status: 'completed' } })),
    ]);
    expect(state.next).toBe('done');
    state.remember('status', payload(true, { data: { status: 'completed' } }));
    expect(state.next).toBe('done');
    state.remember('status', payload(false, { data: { status: 'running', run: 2 } }));
    expect(state.next).toBe('status');
    state.remember('status', payload(true, { data: { status: 'completed', run: 2 } }));
    expect(state.next).toBe('result');
    // The same result as before is still known: no change to commit.
    expect(state.has('result', payload(true, { data: { ok: 1 } }))).toBe(true);
  });

  it('stops at a status that ended in an error or a refused key, and starts again from the status when asked', () => {
    const state = new TopicState();
    state.remember('status', payload(true, { error: { kind: 'http', status: 404 } }));
    expect(state.next).toBe('halted');
    state.restart();
    expect(state.next).toBe('status');
    state.refused = true;
    expect(state.next).toBe('halted');
    // An answer that is not an error shows the key works again.
    state.remember('status', payload(false, { data: { status: 'running' } }));
    expect(state.next).toBe('status');
  });

  it('polls a resource whose payload it cannot read rather than forget it', () => {
    const state = new TopicState();
    state.remember('status', '{not json');
    expect(state.next).toBe('status');
  });
});
