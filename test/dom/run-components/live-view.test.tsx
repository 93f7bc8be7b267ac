import { act, fireEvent, render, screen } from '@testing-library/react';
import { LiveView, liveViewSandbox } from '../../../src/components/live-view';
import { installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';

/** The live view's address answering (an opaque `no-cors` response) or not (a network failure). */
let reachable = true;
const probe = vi.fn((_url: string, _init?: RequestInit) =>
  reachable ? Promise.resolve(new Response(null)) : Promise.reject(new TypeError('Failed to fetch')),
);
beforeEach(() => {
  installFakeClock();
  reachable = true;
  probe.mockClear();
  vi.stubGlobal('fetch', probe);
});
afterEach(() => {
  removeFakeClock();
  vi.unstubAllGlobals();
});

const URL = 'https://live.example.com/session/1';
const frame = () => screen.getByTitle('Live view of the run');
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('LiveView', () => {
  it('frames an https address, view-only by default, with a restrictive sandbox', async () => {
    const { container } = render(<LiveView url={URL} />);
    const iframe = frame();
    expect(iframe.tagName).toBe('IFRAME');
    expect(iframe).toHaveAttribute('src', URL);
    expect(iframe.getAttribute('sandbox')?.split(' ').sort()).toEqual(['allow-same-origin', 'allow-scripts']);
    expect(iframe).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(iframe).toHaveAttribute('allow', '');
    expect(iframe).toHaveAttribute('loading', 'lazy');
    expect(iframe).toHaveAttribute('tabindex', '-1');
    expect(iframe).toHaveAttribute('inert');
    expect(iframe).toHaveStyle({ pointerEvents: 'none' });
    expect(screen.getByText('View only')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open the live view in a new tab' });
    expect(link).toHaveAttribute('href', URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expectAccessible(container);
  });

  it('lets the person interact only when interactive', () => {
    render(<LiveView url={URL} interactive title="The agent’s browser" />);
    const iframe = screen.getByTitle('The agent’s browser');
    expect(iframe.getAttribute('sandbox')?.split(' ').sort()).toEqual(['allow-forms', 'allow-same-origin', 'allow-scripts']);
    expect(iframe).not.toHaveAttribute('inert');
    expect(iframe).not.toHaveAttribute('tabindex');
    expect(iframe).not.toHaveStyle({ pointerEvents: 'none' });
    expect(screen.queryByText('View only')).not.toBeInTheDocument();
  });

  it('makes the frame anew when interactive changes, as a frame keeps the sandbox it loaded with', () => {
    const { rerender } = render(<LiveView url={URL} title="The agent’s browser" />);
    const viewOnly = screen.getByTitle('The agent’s browser');
    rerender(<LiveView url={URL} interactive title="The agent’s browser" />);
    const taken = screen.getByTitle('The agent’s browser');
    expect(taken).not.toBe(viewOnly);
    expect(taken.getAttribute('sandbox')).toContain('allow-forms');
    rerender(<LiveView url={URL} title="The agent’s browser" />);
    const handedBack = screen.getByTitle('The agent’s browser');
    expect(handedBack).not.toBe(taken);
    expect(handedBack.getAttribute('sandbox')).not.toContain('allow-forms');
  });

  it('never grants what would let the frame out', () => {
    for (const interactive of [false, true]) {
      for (const samePageOrigin of [false, true]) {
        const tokens = liveViewSandbox({ interactive, samePageOrigin }).split(' ');
        for (const forbidden of [
          'allow-top-navigation',
          'allow-top-navigation-by-user-activation',
          'allow-popups',
          'allow-popups-to-escape-sandbox',
          'allow-modals',
        ]) {
          expect(tokens).not.toContain(forbidden);
        }
      }
    }
  });

  it('drops allow-same-origin for a live view on the page’s own origin', () => {
    render(<LiveView url={`${location.origin}/live/1`} />);
    expect(frame().getAttribute('sandbox')?.split(' ')).toEqual(['allow-scripts']);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '/live/relative',
    '',
    ' java\tscript:alert(1)',
  ])('shows "Live view unavailable" for %j, with nothing in src or href', (url) => {
    const { container } = render(<LiveView url={url} />);
    expect(screen.getByText('Live view unavailable')).toBeInTheDocument();
    expect(container.querySelector('iframe, a, [src], [href]')).toBeNull();
  });

  it('reconnects by itself when the frame does not load, with backoff, then asks the person', async () => {
    render(<LiveView url={URL} loadTimeoutMs={10_000} autoReconnectAttempts={2} reconnectDelayMs={1000} />);
    const first = frame();
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to the live view…');

    await wait(10_000);
    expect(screen.getByRole('status')).toHaveTextContent('The live view is not responding. Reconnecting (attempt 1 of 2)…');
    await wait(1000);
    const second = frame();
    expect(second).not.toBe(first);

    await wait(10_000);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting (attempt 2 of 2)…');
    // The second automatic attempt waits twice as long.
    await wait(1000);
    expect(frame()).toBe(second);
    await wait(1000);
    expect(frame()).not.toBe(second);

    await wait(10_000);
    expect(screen.getByRole('status')).toHaveTextContent('The live view is not responding.');
    // Given up: no frame (the browser's broken-page icon), the words say it; nothing is tried again.
    expect(screen.queryByTitle('Live view of the run')).toBeNull();
    await wait(60_000);
    expect(screen.queryByTitle('Live view of the run')).toBeNull();
  });

  it('"Reconnect" remounts the frame at once, and a load ends the connecting state', async () => {
    render(<LiveView url={URL} autoReconnectAttempts={0} loadTimeoutMs={5000} />);
    await wait(5000);
    expect(screen.getByRole('status')).toHaveTextContent('The live view is not responding.');
    expect(screen.queryByTitle('Live view of the run')).toBeNull();

    await setupUser().click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(frame()).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to the live view…');
    // Hidden until it has loaded and its address answered: it may be the browser's error page.
    expect(frame()).toHaveStyle({ visibility: 'hidden' });

    fireEvent.load(frame());
    await wait(0);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(frame()).not.toHaveStyle({ visibility: 'hidden' });
    // Beside a working view there is nothing to reconnect; focus moves on to the next control.
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    expect(screen.getByRole('link', { name: /open/i })).toHaveFocus();
    await wait(60_000);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(frame().closest('.hitl-live-view')).toHaveAttribute('data-state', 'connected');
  });

  it('says in words that the live view cannot be reached when the browser loaded only its error page', async () => {
    reachable = false;
    const { container } = render(<LiveView url={URL} autoReconnectAttempts={1} reconnectDelayMs={1000} />);
    // A refused connection still fires `load` (the browser's error page); the address is asked.
    fireEvent.load(frame());
    await wait(0);
    expect(probe).toHaveBeenCalledWith(URL, expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting (attempt 1 of 1)…');
    expect(frame()).toHaveStyle({ visibility: 'hidden' });
    await wait(1000);
    fireEvent.load(frame());
    await wait(0);
    expect(screen.getByRole('status')).toHaveTextContent('The live view cannot be reached.');
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('.hitl-live-view')).toHaveAttribute('data-state', 'failed');
    await expectAccessible(container);

    reachable = true;
    await setupUser().click(screen.getByRole('button', { name: 'Reconnect' }));
    fireEvent.load(frame());
    await wait(0);
    expect(container.querySelector('.hitl-live-view')).toHaveAttribute('data-state', 'connected');
  });

  it('trusts the load event alone with checkReachability={false}', async () => {
    reachable = false;
    render(<LiveView url={URL} checkReachability={false} />);
    fireEvent.load(frame());
    await wait(0);
    expect(probe).not.toHaveBeenCalled();
    expect(frame().closest('.hitl-live-view')).toHaveAttribute('data-state', 'connected');
  });
});
