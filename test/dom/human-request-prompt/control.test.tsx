/**
 * A hand-off of the agent's browser in `<HumanRequestPrompt>`: the reason and instructions, the
 * live view read-only until the person takes control (one tab of the browser at a time), focus
 * into the frame and out, the hand-back with a note, a frame that fails, and the deadline.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HumanRequestPrompt, type HumanRequestPromptProps } from '../../../src/components/human-request-prompt';
import { controlOutcome, humanControlRequest } from '../../../src/request';
import { FakeOrigin } from '../../node/store/fake-tabs';
import { expectNoAxeViolations } from '../axe';
import { answerMock } from './support';

const request = humanControlRequest({
  id: 'bb-session-1',
  source: 'browserbase',
  liveUrl: 'https://live.example.com/s/1',
  reason: 'A CAPTCHA blocks the checkout',
  instructions: 'Tick “I am not a robot”, then hand back.',
});

/** The frame counts as loaded once it fires `load` (jsdom loads nothing): no reachability check, no time-out. */
const liveView = { checkReachability: false, loadTimeoutMs: 0 } as const;

function renderPrompt(props: Partial<Omit<HumanRequestPromptProps, 'onAnswer'>> & { onAnswer?: ReturnType<typeof answerMock> } = {}) {
  const onAnswer = props.onAnswer ?? answerMock();
  const view = render(<HumanRequestPrompt request={request} onAnswer={onAnswer} liveView={liveView} tabs={false} {...props} />);
  return { ...view, onAnswer };
}

const frame = (region: HTMLElement = document.body) => region.querySelector('iframe');
const controlState = (region: HTMLElement = document.body) => region.querySelector('.hitl-control')?.getAttribute('data-state');
/** The control part loads when a hand-off is first shown. */
const takeButton = (region?: HTMLElement) => (region ? within(region) : screen).findByRole('button', { name: 'Take control' });

describe('a hand-off, waiting', () => {
  it('shows the reason and instructions as text, the live view read-only, and "Take control"', async () => {
    const { container } = renderPrompt({
      request: { ...request, instructions: '<img src=x onerror="alert(1)"> Tick it' },
    });
    const region = screen.getByRole('region', { name: 'Take control' });
    expect(region).toHaveAttribute('data-kind', 'control');
    expect(within(region).getByText('A CAPTCHA blocks the checkout')).toBeInTheDocument();
    const take = await takeButton();
    expect(screen.getByText('<img src=x onerror="alert(1)"> Tick it')).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
    expect(controlState()).toBe('waiting');
    expect(take).toHaveAccessibleDescription(/only you can click and type there until you hand back/);
    // Read-only: out of the tab order, inert, no forms.
    expect(frame()).toHaveAttribute('title', 'Live view of the agent’s browser');
    expect(frame()).toHaveAttribute('tabindex', '-1');
    expect(frame()).toHaveAttribute('inert');
    expect(frame()?.getAttribute('sandbox')).not.toContain('allow-forms');
    expect(screen.getByText('View only')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('refuses a live view address that is not http(s): shown as text, nothing framed, nothing to take', async () => {
    renderPrompt({ request: { ...request, liveUrl: 'javascript:alert(1)' } });
    expect(await screen.findByText(/cannot be opened safely: javascript:alert\(1\)/)).toBeInTheDocument();
    expect(frame()).toBeNull();
    expect(controlState()).toBe('failed');
    expect(await takeButton()).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('a hand-off, held by this person', () => {
  it('by keyboard only: take control, focus in the frame, out of it to "Leave the live view", a note, "Hand back"', async () => {
    const user = userEvent.setup();
    const { container, onAnswer } = renderPrompt();
    const take = await takeButton();
    fireEvent.load(frame()!);
    // The read-only view is skipped: its link, then "Take control".
    await user.tab();
    expect(screen.getByRole('link', { name: 'Open the live view in a new tab' })).toHaveFocus();
    await user.tab();
    expect(take).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: 'Hand back' })).toBeInTheDocument();
    expect(controlState()).toBe('held');
    expect(screen.getByText('You have control. The agent waits until you hand back.')).toBeInTheDocument();
    // Interactive for this person: in the tab order, not inert, forms allowed; focus is in it.
    expect(frame()).not.toHaveAttribute('inert');
    expect(frame()).not.toHaveAttribute('tabindex');
    expect(frame()?.getAttribute('sandbox')).toContain('allow-forms');
    expect(frame()).toHaveFocus();
    expect(screen.queryByText('View only')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    // Out of the frame: what Shift+Tab at its first control does in a browser (jsdom tabs through
    // no page inside a frame) lands on the visible way out, just before the frame.
    const leave = screen.getByRole('button', { name: 'Leave the live view' });
    expect(leave.compareDocumentPosition(frame()!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    act(() => leave.focus());
    expect(leave).toHaveAccessibleDescription(/To leave it, press Tab past its last control or Shift\+Tab before its first/);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Note for the agent (optional)' })).toHaveFocus();
    await user.keyboard('Ticked the box');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Hand back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');

    expect(onAnswer.mock.calls).toEqual([
      [{ requestId: 'bb-session-1', action: 'accept', control: { done: true, note: 'Ticked the box' } }],
    ]);
    // Focus back out of the hand-off, on what became of it; the frame is gone.
    expect(screen.getByText('Answer sent.')).toHaveFocus();
    expect(frame()).toBeNull();
  });

  it('"I could not do it" answers done: false', async () => {
    const user = userEvent.setup();
    const { onAnswer } = renderPrompt();
    await user.click(await takeButton());
    expect(frame()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'I could not do it' }));
    expect(onAnswer.mock.calls).toEqual([[{ requestId: 'bb-session-1', action: 'accept', control: { done: false } }]]);
  });

  it('keeps control and what was typed when the answer fails, and can hand back again', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    renderPrompt({ onAnswer });
    await user.click(await takeButton());
    await user.type(screen.getByRole('textbox', { name: 'Note for the agent (optional)' }), 'Done');
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    expect(await screen.findByRole('textbox', { name: 'Note for the agent (optional)' })).toHaveValue('Done');
    expect(controlState()).toBe('held');
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    expect(await screen.findByText('Answer sent.')).toBeInTheDocument();
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });
});

describe.each([
  ['with Web Locks', true],
  ['without Web Locks', false],
])('two tabs of one browser (%s)', (_name, locks) => {
  it('one at a time holds control; the other sees "Another tab has control", read-only, until its tab goes', async () => {
    const user = userEvent.setup();
    const origin = new FakeOrigin({ locks });
    const first = origin.tab();
    const second = origin.tab();
    const { container } = render(
      <>
        <div data-testid="first">
          <HumanRequestPrompt request={request} onAnswer={answerMock()} liveView={liveView} tabs={first} />
        </div>
        <div data-testid="second">
          <HumanRequestPrompt request={request} onAnswer={answerMock()} liveView={liveView} tabs={second} />
        </div>
      </>,
    );
    const one = screen.getByTestId('first');
    const two = screen.getByTestId('second');
    await user.click(await takeButton(one));
    expect(await within(two).findByText('Another tab has control. This view is read-only until it hands back.')).toBeInTheDocument();
    expect(controlState(one)).toBe('held');
    expect(controlState(two)).toBe('held-elsewhere');
    expect(frame(two)).toHaveAttribute('inert');
    const blocked = await takeButton(two);
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    await user.click(blocked);
    expect(controlState(two)).toBe('held-elsewhere');
    await expectNoAxeViolations(container);

    // The holder's tab goes (its page hidden for good): the other may take control.
    act(() => first.close());
    expect(await within(two).findByRole('button', { name: 'Take control' })).not.toHaveAttribute('aria-disabled');
    expect(controlState(two)).toBe('waiting');
    await user.click(within(two).getByRole('button', { name: 'Take control' }));
    expect(await within(one).findByText(/Another tab has control/)).toBeInTheDocument();
    expect(controlState(two)).toBe('held');
  });
});

describe('a live view that fails to load', () => {
  type JestShim = { jest?: { advanceTimersByTime(ms: number): void } };
  afterEach(() => {
    cleanup();
    delete (globalThis as JestShim).jest;
    vi.useRealTimers();
  });

  it('offers Reconnect and no control; a failure while held ends control and takes focus to Reconnect', async () => {
    vi.useFakeTimers();
    (globalThis as JestShim).jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { container } = renderPrompt({ liveView: { checkReachability: false, loadTimeoutMs: 10_000, autoReconnectAttempts: 0 } });
    await user.click(await takeButton());
    expect(frame()).toHaveFocus();

    // The frame never loads: with no automatic attempt left, it failed.
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(
      screen.getByText('The live view stopped loading, so your control ended. Reconnect, then take control again.'),
    ).toBeInTheDocument();
    expect(controlState()).toBe('failed');
    expect(frame()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hand back' })).not.toBeInTheDocument();
    const reconnect = screen.getByRole('button', { name: 'Reconnect' });
    expect(reconnect).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Take control' })).toHaveAttribute('aria-disabled', 'true');
    // axe waits on timers of its own: on the real clock.
    vi.useRealTimers();
    await expectNoAxeViolations(container);

    await userEvent.setup().click(reconnect);
    expect(controlState()).toBe('waiting');
    expect(screen.queryByText(/your control ended/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take control' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('the deadline of a hand-off', () => {
  it('passes axe once expired', async () => {
    const { container } = renderPrompt({ request: { ...request, deadline: Date.now() - 1000 } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This request expired.');
    expect(frame()).toBeNull();
    await expectNoAxeViolations(container);
  });

  describe('on a fake clock', () => {
    type JestShim = { jest?: { advanceTimersByTime(ms: number): void } };
    const START = Date.parse('2030-01-01T12:00:00Z');
    beforeEach(() => {
      vi.useFakeTimers({ now: START });
      (globalThis as JestShim).jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
    });
    afterEach(() => {
      cleanup();
      delete (globalThis as JestShim).jest;
      vi.useRealTimers();
    });

    it('shows the time left while held, and at the deadline ends control: the agent is told it expired', async () => {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const { onAnswer } = renderPrompt({ request: { ...request, deadline: START + 120_000 } });
      await user.click(await takeButton());
      expect(await screen.findByText('Time left: 2 min')).toBeInTheDocument();
      expect(frame()).toHaveFocus();
      await act(async () => vi.advanceTimersByTimeAsync(120_000));
      expect(screen.getByRole('alert')).toHaveTextContent('This request expired.');
      expect(screen.getByRole('alert')).toHaveFocus();
      expect(frame()).toBeNull();
      expect(screen.queryByRole('button', { name: 'Hand back' })).not.toBeInTheDocument();
      expect(onAnswer.mock.calls).toEqual([[{ requestId: 'bb-session-1', action: 'cancel', expired: true }]]);
      expect(controlOutcome(onAnswer.mock.calls[0]![0])).toEqual({ done: false, expired: true });
    });
  });
});
