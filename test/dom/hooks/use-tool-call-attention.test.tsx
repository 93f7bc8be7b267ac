import { renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { useToolCallAttention } from '../../../src/hooks';
import type { InboxToolCallItem } from '../../../src/store';
import { advance, harness, installFakeClock, removeFakeClock } from './hook-test-utils';

const shown: string[] = [];
class NotificationSpy {
  static permission = 'granted';
  constructor(_title: string, options?: NotificationOptions) {
    shown.push(options?.tag ?? '');
  }
}

beforeEach(() => {
  installFakeClock();
  shown.length = 0;
  vi.stubGlobal('Notification', NotificationSpy);
});
afterEach(() => {
  removeFakeClock();
  vi.unstubAllGlobals();
});

const item = (id: string): InboxToolCallItem => ({
  kind: 'tool_call',
  id,
  taskId: `task-${id}`,
  runId: undefined,
  taskName: undefined,
  toolCall: {} as InboxToolCallItem['toolCall'],
  toolName: 'form_input',
  title: `Question ${id}`,
  waitingSince: 0,
});

function render(items: readonly InboxToolCallItem[]) {
  // crossTab off: the store runs `once` in this page alone.
  const { wrapper: Provider } = harness(undefined, { crossTab: false });
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <StrictMode>
      <Provider>{children}</Provider>
    </StrictMode>
  );
  return renderHook(
    (props: { items: readonly InboxToolCallItem[] }) => useToolCallAttention(props.items, { notify: true, notifyDelayMs: 300 }),
    {
      wrapper,
      initialProps: { items },
    },
  );
}

describe('useToolCallAttention', () => {
  it('notifies each call once when the list changes before the delay is over', async () => {
    const one = item('one');
    const view = render([one]);
    await advance(100);
    // Another call comes 100 ms later: the first call's notification still comes, 300 ms after it appeared.
    view.rerender({ items: [one, item('two')] });
    await advance(150);
    view.rerender({ items: [one, item('two')] });
    expect(shown).toEqual([]);
    await advance(50);
    expect(shown).toEqual(['one']);
    await advance(100);
    expect(shown).toEqual(['one', 'two']);
    view.rerender({ items: [one, item('two')] });
    await advance(1000);
    expect(shown).toEqual(['one', 'two']);
  });

  it('shows no notification for a call that left the list before its delay was over', async () => {
    const view = render([item('one')]);
    await advance(100);
    view.rerender({ items: [] });
    await advance(1000);
    expect(shown).toEqual([]);
  });
});
