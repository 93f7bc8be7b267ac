import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import { expectNoAxeViolations } from '../axe';
import { answerMock, deferred, paymentRequest, shippingRequest } from './support';

const START = Date.parse('2030-01-01T12:00:00Z');
const at = (msFromStart: number) => new Date(START + msFromStart).toISOString();

type JestShim = { jest?: { advanceTimersByTime(ms: number): void } };

const setupUser = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
const announcer = () => screen.getByRole('status');
const shown = () => document.querySelector('.hitl-request-deadline');
/** The countdown loads on demand (the first time a deadline is shown). */
const countdown = () => screen.findByText(/^Time left/);

// axe waits on timers of its own: it runs on the real clock, with deadlines far off or long past.
describe('with a deadline, the prompt passes axe', () => {
  it('while the time runs', async () => {
    const { container } = render(
      // An hour and a half: "1 hr" however long a busy machine takes to load the countdown.
      <HumanRequestPrompt request={{ ...shippingRequest, deadline: Date.now() + 5_400_000 }} onAnswer={answerMock()} />,
    );
    await countdown();
    expect(shown()).toHaveTextContent('Time left: 1 hr');
    await expectNoAxeViolations(container);
  });

  it('once expired', async () => {
    const { container } = render(
      <HumanRequestPrompt request={{ ...shippingRequest, deadline: Date.now() - 1000 }} onAnswer={answerMock()} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This request expired.');
    await expectNoAxeViolations(container);
  });
});

describe('on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    // Testing Library drains its async wrapper with a setTimeout(0) it advances only when it sees `jest`.
    (globalThis as JestShim).jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
  });
  afterEach(() => {
    // Unmounted while the fake clock runs, so its timers are not handed to the real one.
    cleanup();
    delete (globalThis as JestShim).jest;
    vi.useRealTimers();
  });

  describe('the time left', () => {
    it('is shown, kept current each second, and said only at 5 min, 1 min, 30 s and 10 s', async () => {
      render(<HumanRequestPrompt request={{ ...shippingRequest, deadline: at(6 * 60_000) }} onAnswer={answerMock()} />);
      await countdown();
      expect(shown()).toHaveTextContent('Time left: 6 min');
      expect(announcer()).toBeEmptyDOMElement();
      expect(announcer()).toHaveAttribute('aria-live', 'polite');

      await advance(61_000);
      expect(shown()).toHaveTextContent('Time left: 4 min');
      expect(announcer()).toHaveTextContent('Time left: 5 min');
      await advance(3 * 60_000);
      // Seconds pass; nothing more is said until the next step.
      expect(announcer()).toHaveTextContent('Time left: 5 min');
      await advance(60_000);
      expect(shown()).toHaveTextContent('Time left: 59 sec');
      expect(announcer()).toHaveTextContent('Time left: 1 min');
      await advance(1000);
      expect(shown()).toHaveTextContent('Time left: 58 sec');
      expect(announcer()).toHaveTextContent('Time left: 1 min');
      await advance(29_000);
      expect(announcer()).toHaveTextContent('Time left: 30 sec');
      await advance(20_000);
      expect(shown()).toHaveTextContent('Time left: 9 sec');
      expect(announcer()).toHaveTextContent('Time left: 10 sec');
    });

    it('does not say the step the prompt opened in', async () => {
      render(<HumanRequestPrompt request={{ ...paymentRequest, deadline: START + 45_000 }} onAnswer={answerMock()} />);
      await countdown();
      expect(shown()).toHaveTextContent('Time left: 45 sec');
      await advance(10_000);
      expect(announcer()).toBeEmptyDOMElement();
      await advance(5000);
      expect(announcer()).toHaveTextContent('Time left: 30 sec');
    });

    it('is not shown for a deadline that does not parse, and nothing expires', async () => {
      const onAnswer = answerMock();
      render(<HumanRequestPrompt request={{ ...shippingRequest, deadline: 'soon' }} onAnswer={onAnswer} />);
      expect(shown()).toBeNull();
      await advance(24 * 3_600_000);
      expect(onAnswer).not.toHaveBeenCalled();
    });
  });

  describe('at the deadline', () => {
    it('the prompt closes, says so, and answers cancel (expired) once', async () => {
      const user = setupUser();
      const onAnswer = answerMock();
      render(<HumanRequestPrompt request={{ ...shippingRequest, deadline: at(30_000) }} onAnswer={onAnswer} />);
      await user.type(screen.getByRole('textbox', { name: /City/ }), 'Ly');
      await advance(29_000);
      expect(onAnswer).not.toHaveBeenCalled();
      await advance(1000);

      expect(onAnswer.mock.calls).toEqual([[{ requestId: 'elicit-1', action: 'cancel', expired: true }]]);
      expect(screen.getByRole('region', { name: 'Shipping details' })).toHaveAttribute('data-state', 'expired');
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('This request expired. The agent was told it was not answered in time.');
      // The person was typing: focus follows to what replaced the form.
      expect(alert).toHaveFocus();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();

      await advance(60_000);
      expect(onAnswer).toHaveBeenCalledTimes(1);
    });

    it('leaves focus where it is when the person had moved on to the rest of the page', async () => {
      const user = setupUser();
      render(
        <>
          <input aria-label="Search" />
          <HumanRequestPrompt request={{ ...shippingRequest, deadline: at(30_000) }} onAnswer={answerMock()} />
        </>,
      );
      await user.type(screen.getByRole('textbox', { name: /City/ }), 'Ly');
      await user.click(screen.getByRole('textbox', { name: 'Search' }));
      await advance(30_000);
      expect(screen.getByRole('alert')).toHaveTextContent('This request expired.');
      expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
    });

    it('already past at mount, it closes at once and answers cancel (expired) once', async () => {
      const onAnswer = answerMock();
      render(<HumanRequestPrompt request={{ ...paymentRequest, deadline: START - 1000 }} onAnswer={onAnswer} />);
      await advance(0);
      expect(onAnswer.mock.calls).toEqual([[{ requestId: 'elicit-url-1', action: 'cancel', expired: true }]]);
      expect(screen.getByRole('alert')).toHaveTextContent('This request expired.');
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      await advance(60_000);
      expect(onAnswer).toHaveBeenCalledTimes(1);
    });

    it('an answer on its way wins: no cancel follows it', async () => {
      const user = setupUser();
      const onAnswer = answerMock();
      const sent = deferred();
      onAnswer.mockReturnValue(sent.promise);
      render(<HumanRequestPrompt request={{ ...paymentRequest, deadline: at(10_000) }} onAnswer={onAnswer} />);
      await user.click(screen.getByRole('button', { name: 'I have finished' }));
      await advance(20_000);
      await act(async () => {
        sent.resolve();
        await sent.promise;
      });
      expect(onAnswer.mock.calls).toEqual([[{ requestId: 'elicit-url-1', action: 'accept' }]]);
      expect(screen.getByRole('status')).toHaveTextContent('Answer sent.');
    });

    it('an answer that fails after the deadline ends in the expired cancel', async () => {
      const user = setupUser();
      const onAnswer = answerMock();
      const failed = deferred();
      onAnswer.mockReturnValueOnce(failed.promise);
      render(<HumanRequestPrompt request={{ ...paymentRequest, deadline: at(10_000) }} onAnswer={onAnswer} />);
      await user.click(screen.getByRole('button', { name: 'Decline' }));
      await advance(20_000);
      await act(async () => {
        failed.reject(new Error('offline'));
        await failed.promise.catch(() => undefined);
      });
      expect(onAnswer.mock.calls).toEqual([
        [{ requestId: 'elicit-url-1', action: 'decline' }],
        [{ requestId: 'elicit-url-1', action: 'cancel', expired: true }],
      ]);
      expect(screen.getByRole('alert')).toHaveTextContent('This request expired.');
    });

    it('a deadline in epoch ms further than a timer can wait (24.8 days) does not fire at once', async () => {
      const onAnswer = answerMock();
      render(<HumanRequestPrompt request={{ ...paymentRequest, deadline: START + 30 * 86_400_000 }} onAnswer={onAnswer} />);
      await countdown();
      expect(shown()).toHaveTextContent('Time left: 30 days');
      await advance(5000);
      expect(onAnswer).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'I have finished' })).toBeInTheDocument();
    });
  });
});
