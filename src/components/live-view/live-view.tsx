import { useEffect, useRef, useState, type Ref } from 'react';
import { enLiveViewMessages } from '../../messages';
import { useMessageGroup } from '../../hooks';
import { isPageOrigin, safeHttpUrl } from '../shared';
import { liveViewSandbox } from './live-view-sandbox';
import type { LiveViewMessages } from './messages';
import { cx } from '../../utils';
import { inertAttribute, useHydrated, useIsomorphicLayoutEffect, useLatestCallback, withRefProp } from '../../utils/react';

export interface LiveViewProps {
  /**
   * The live view's address (`RunStatus.liveStatus`). Untrusted: only an absolute http(s) address
   * is framed or linked; anything else shows "Live view unavailable". Required.
   */
  url: string;
  /** The frame's accessible title. Default: `messages.frameTitle()`, "Live view of the run". */
  title?: string | undefined;
  /**
   * Lets the person click and type into the view (pointer input, focus, `allow-forms`). Default:
   * false: the frame is view-only, `inert`, out of the tab order and ignores the pointer.
   */
  interactive?: boolean | undefined;
  /** Milliseconds the frame may take to load before it counts as not responding; 0 waits for ever. Default: 15000. */
  loadTimeoutMs?: number | undefined;
  /** Automatic reconnects after a load time-out, before the person is asked to reconnect. Default: 3. */
  autoReconnectAttempts?: number | undefined;
  /** Delay before the first automatic reconnect, doubled for each further one. Default: 2000. */
  reconnectDelayMs?: number | undefined;
  /**
   * Once the frame fires `load`, asks its address (`GET`, `no-cors`, no credentials) whether the
   * server answers at all: a browser fires `load` for its own error page too ("This site can't be
   * reached"), and a page on another origin cannot be looked into. No answer counts as a failed
   * attempt, like a time-out. Set it to false when the page's Content-Security-Policy
   * (`connect-src`) does not allow the live view's origin: the refused check would read as
   * unreachable. Default: true.
   */
  checkReachability?: boolean | undefined;
  /**
   * Called with each new state of the frame (`LiveViewState`), after it shows: `<HumanRequestPrompt>`
   * ends a hand-off whose frame failed. Default: none.
   */
  onStateChange?: ((state: LiveViewState) => void) | undefined;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`liveView` group), else English. */
  messages?: Partial<LiveViewMessages> | undefined;
  /** Added to the root's classes (`hitl-live-view`). Default: none. */
  className?: string | undefined;
  /** The root `<div>` element. Default: none. */
  ref?: Ref<HTMLDivElement> | undefined;
}

/**
 * Where the frame stands, in `data-state`: `connecting`; `connected` (it fired `load` and its
 * address answered, which for a page on another origin is all that can be known); `reconnecting`
 * (it did not load in time or its address did not answer; an automatic attempt is scheduled);
 * `failed` (no automatic attempt left: the frame is removed, the notice says why); `unavailable`
 * (the address is not http(s)).
 */
export type LiveViewState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'unavailable';

function classes(className: string | undefined): string {
  return cx('hitl-live-view', className);
}

/**
 * The run's live view in a sandboxed `<iframe>` (see `liveViewSandbox` for each token), with
 * `referrerPolicy="no-referrer"`, `allow=""` (no camera, microphone, clipboard or other powerful
 * feature), `loading="lazy"` and a title. View-only unless `interactive`. A link opens it in a new
 * tab (`rel="noopener noreferrer"`). A frame that does not load within `loadTimeoutMs` is remounted
 * a few times with backoff; "Reconnect" remounts it at any time. The frame is rendered after
 * mount only, so server-rendered HTML never starts loading a page the client might not allow.
 */
export const LiveView = withRefProp(function LiveView({ ref, ...props }: LiveViewProps) {
  const messages = useMessageGroup('liveView', enLiveViewMessages, props.messages);
  const url = safeHttpUrl(props.url);
  const onStateChange = useLatestCallback((state: LiveViewState) => props.onStateChange?.(state));
  const unavailable = url === undefined;
  useEffect(() => {
    if (unavailable) onStateChange('unavailable');
  }, [unavailable, onStateChange]);
  if (url === undefined) {
    return (
      <div ref={ref} className={classes(props.className)} data-state="unavailable">
        <p className="hitl-live-view-unavailable">{messages.unavailable()}</p>
      </div>
    );
  }
  // Keyed by address: a new live view starts with a fresh frame and fresh attempts.
  return <ConnectedLiveView key={url} {...props} ref={ref} url={url} messages={messages} onStateChange={onStateChange} />;
});

interface Connection {
  /** Bumped to remount the frame. */
  frame: number;
  state: 'connecting' | 'connected' | 'reconnecting' | 'failed';
  /** Automatic reconnects used since the last manual one. */
  autoAttempts: number;
  /** The last attempt failed because the address did not answer (not a time-out). */
  unreachable?: boolean;
}

/**
 * Whether the server at `url` answers at all. An opaque answer (any status) resolves; only a
 * network failure (refused, unknown host, reset) rejects. Nothing is read and no cookie is sent.
 */
function answers(url: string): Promise<boolean> {
  // GET, as the frame itself asks: many servers answer HEAD with 405, which the browser logs as an error.
  return fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer' }).then(
    () => true,
    () => false,
  );
}

const ConnectedLiveView = withRefProp(function ConnectedLiveView({
  ref,
  ...props
}: Omit<LiveViewProps, 'messages'> & { url: string; messages: LiveViewMessages }) {
  const { url, messages } = props;
  const interactive = props.interactive ?? false;
  const loadTimeoutMs = props.loadTimeoutMs ?? 15_000;
  const maxAttempts = Math.max(0, Math.floor(props.autoReconnectAttempts ?? 3));
  const reconnectDelayMs = props.reconnectDelayMs ?? 2000;
  const mounted = useHydrated();
  const [connection, setConnection] = useState<Connection>({ frame: 0, state: 'connecting', autoAttempts: 0 });
  const { onStateChange } = props;
  useEffect(() => onStateChange?.(connection.state), [connection.state, onStateChange]);

  useEffect(() => {
    if (!mounted) return undefined;
    if (connection.state === 'connecting' && loadTimeoutMs > 0) {
      const timer = setTimeout(() => {
        setConnection((current) =>
          current.frame !== connection.frame
            ? current
            : { ...current, state: current.autoAttempts < maxAttempts ? 'reconnecting' : 'failed' },
        );
      }, loadTimeoutMs);
      return () => clearTimeout(timer);
    }
    if (connection.state === 'reconnecting') {
      const timer = setTimeout(
        () => setConnection((current) => ({ frame: current.frame + 1, state: 'connecting', autoAttempts: current.autoAttempts + 1 })),
        reconnectDelayMs * 2 ** connection.autoAttempts,
      );
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [mounted, connection, loadTimeoutMs, maxAttempts, reconnectDelayMs]);

  const frame = connection.frame;
  const checkReachability = props.checkReachability !== false && typeof fetch === 'function';
  const onLoad = () => {
    if (!checkReachability) {
      setConnection((current) => (current.frame === frame ? { ...current, state: 'connected', unreachable: false } : current));
      return;
    }
    void answers(url).then((reachable) =>
      setConnection((current) => {
        if (current.frame !== frame || current.state !== 'connecting') return current;
        if (reachable) return { ...current, state: 'connected', unreachable: false };
        return { ...current, state: current.autoAttempts < maxAttempts ? 'reconnecting' : 'failed', unreachable: true };
      }),
    );
  };
  // Browsers rarely fire `error` on frames, but when one does it means the same as a time-out.
  const onError = () =>
    setConnection((current) =>
      current.frame === frame && current.state === 'connecting'
        ? { ...current, state: current.autoAttempts < maxAttempts ? 'reconnecting' : 'failed' }
        : current,
    );
  const reconnect = () => setConnection((current) => ({ frame: current.frame + 1, state: 'connecting', autoAttempts: 0 }));
  // Offered only while the view is not working: beside a working view, "Reconnect" reads as a fault.
  const offerReconnect = connection.state !== 'connected';
  const reconnectFocused = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);
  useIsomorphicLayoutEffect(() => {
    // The button went away under the person's focus: the next control takes it, not <body>.
    if (offerReconnect || !reconnectFocused.current) return;
    reconnectFocused.current = false;
    link.current?.focus();
  }, [offerReconnect]);

  const notice =
    connection.state === 'connecting'
      ? messages.connecting()
      : connection.state === 'reconnecting'
        ? messages.reconnecting({ attempt: connection.autoAttempts + 1, maxAttempts })
        : connection.state === 'failed'
          ? connection.unreachable === true
            ? messages.unreachable()
            : messages.notResponding()
          : '';

  return (
    <div ref={ref} className={classes(props.className)} data-state={connection.state} data-interactive={interactive ? 'true' : 'false'}>
      <div className="hitl-live-view-frame">
        {/* No frame once given up: it would show the browser's broken-page icon, not words. */}
        {mounted && connection.state !== 'failed' ? (
          <iframe
            // A frame's sandbox applies from its next navigation on: the frame is made anew when control
            // changes, so forms work once taken, and stop once handed back.
            key={`${frame}:${interactive ? 'interactive' : 'view-only'}`}
            src={url}
            title={props.title ?? messages.frameTitle()}
            sandbox={liveViewSandbox({ interactive, samePageOrigin: isPageOrigin(url) })}
            referrerPolicy="no-referrer"
            allow=""
            loading="lazy"
            // View-only: out of the tab order, `inert` (no focus, no input inside), and the pointer
            // blocked inline as well, so it holds without the stylesheet and where `inert` is missing.
            tabIndex={interactive ? undefined : -1}
            inert={inertAttribute(!interactive)}
            // Shown once it loaded and answered: until then it may be the browser's error page.
            style={{
              ...(interactive ? undefined : { pointerEvents: 'none' as const }),
              ...(connection.state === 'connected' ? undefined : { visibility: 'hidden' as const }),
            }}
            onLoad={onLoad}
            onError={onError}
          />
        ) : null}
      </div>
      <div className="hitl-live-view-bar">
        <p className="hitl-live-view-notice" role="status">
          {notice}
        </p>
        {interactive ? null : <span className="hitl-live-view-mode">{messages.viewOnly()}</span>}
        {offerReconnect ? (
          <button
            type="button"
            className="hitl-button"
            onClick={reconnect}
            onFocus={() => (reconnectFocused.current = true)}
            onBlur={() => (reconnectFocused.current = false)}
          >
            {messages.reconnect()}
          </button>
        ) : null}
        <a ref={link} className="hitl-live-view-link" href={url} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer">
          {messages.openInNewTab()}
        </a>
      </div>
    </div>
  );
});
