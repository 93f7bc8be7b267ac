import { useRef, useState, type ReactNode } from 'react';
import { useMessageGroup, useMessagesLocale } from '../../hooks';
import { enControlMessages, type ControlMessages } from '../../messages';
import type { HumanControlOutcome, HumanControlRequest } from '../../request';
import type { TabEnvironment } from '../../store';
import { cx } from '../../utils';
import { useIsomorphicLayoutEffect } from '../../utils/react';
import { LiveView, type LiveViewProps, type LiveViewState } from '../live-view';
import { safeHttpUrl } from '../shared';
import { ControlLease, type ControlLeaseTarget } from './control-lease';
import { controlStatusText, type ControlState } from './control-status';
import { useControl } from './use-control';

export type { ControlState } from './control-status';

/** The longest note handed back: the proxy takes no more (`checkHumanAnswer`). */
const MAX_NOTE_LENGTH = 2000;

/** Props of `ControlRequest`, the part of `<HumanRequestPrompt>` loaded for a hand-off. */
export interface ControlRequestProps {
  request: HumanControlRequest;
  /** Sends the answer through the prompt (once; undefined when it took none). */
  onAnswer: (control: HumanControlOutcome) => Promise<void> | undefined;
  /** The prompt takes no answer now (`disabled`, or an answer is out): "Hand back" waits. */
  disabled: boolean;
  /** Who asks, shown under the buttons and describing the main one (null for none). */
  notice: ReactNode;
  noticeId: string;
  idBase: string;
  /** The prompt's `liveView` props. */
  liveView: Omit<LiveViewProps, 'url' | 'interactive' | 'onStateChange' | 'ref'> | undefined;
  /** The prompt's `tabs`. */
  tabs: TabEnvironment | false | undefined;
  /** The prompt's `controlLease`. */
  controlLease: ControlLeaseTarget | undefined;
  messages: Partial<ControlMessages> | undefined;
}

/** A part of the lock's name: the request is untrusted, and an object's `String` is never called. */
const keyPart = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A hand-off of the agent's browser: the reason (the prompt's message) and instructions as text,
 * the live view read-only, and "Take control". Taking it (one tab of the browser at a time, or with
 * `controlLease` one page of everyone's, and only once the proxy said so) makes
 * the view interactive and moves focus into the frame; "Leave the live view", just before it, is
 * where Shift+Tab out of the frame lands, and takes focus on to the hand-back. "Hand back" (with an
 * optional note) answers `{ done: true, note }`, "I could not do it" `{ done: false, note }`. A
 * live view that fails while held ends control: focus goes to its "Reconnect".
 */
export function ControlRequest(props: ControlRequestProps) {
  const { request, idBase } = props;
  const messages = useMessageGroup('control', enControlMessages, props.messages);
  const locale = useMessagesLocale();
  const liveUrl = safeHttpUrl(request.liveUrl);
  const { control, view: controlView } = useControl(`${keyPart(request.source)}\n${keyPart(request.id)}`, props.tabs, props.controlLease);
  const holder = controlView.holder;
  const [viewState, setViewState] = useState<LiveViewState>('connecting');
  const [lost, setLost] = useState(false);
  const [note, setNote] = useState('');
  const view = useRef<HTMLDivElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const takeButton = useRef<HTMLButtonElement>(null);
  const handedBack = useRef(false);
  // Released to hand back, the answer on its way: the hand-back stays in place, the view read-only.
  const [handingBack, setHandingBack] = useState(false);

  const failed = liveUrl === undefined || viewState === 'failed' || viewState === 'unavailable';
  const held = holder === 'me' && !failed;
  const state: ControlState = failed ? 'failed' : held ? 'held' : holder === 'elsewhere' ? 'held-elsewhere' : 'waiting';
  const canTake = state === 'waiting' && control !== undefined && !controlView.ended && !handingBack;
  const showHandBack = held || (handingBack && !failed);

  // A frame that failed while held is no frame to hold: control ends, and the person can reconnect.
  const focusPending = useRef(false);
  const onViewState = (next: LiveViewState) => {
    setViewState(next);
    // Taken while the frame was still loading (hidden, so it took no focus): it takes focus once it shows.
    const frame = view.current?.querySelector('iframe');
    if (next === 'connected' && focusPending.current && frame != null) {
      focusPending.current = false;
      const active = document.activeElement;
      if (active === document.body || active === null || view.current?.contains(active) === true) frame.focus();
    }
    const ended = (next === 'failed' || next === 'unavailable') && control?.holder === 'me';
    if (ended) void control.release();
    setLost(ended);
  };

  // Focus follows control: into the frame when taken, out to "Take control" when it ends without
  // an answer (an answer's status takes it otherwise), to "Reconnect" when the frame failed.
  const wasHeld = useRef(false);
  useIsomorphicLayoutEffect(() => {
    const before = wasHeld.current;
    wasHeld.current = held;
    if (!held) focusPending.current = false;
    if (held && !before) {
      const frame = view.current?.querySelector('iframe');
      (frame ?? noteField.current)?.focus();
      focusPending.current = frame != null && document.activeElement !== frame;
    } else if (!held && before && !handedBack.current) {
      const inside = view.current?.contains(document.activeElement) === true || document.activeElement === document.body;
      if (inside) ((lost ? view.current?.querySelector('button') : null) ?? takeButton.current)?.focus();
    }
  }, [held, lost]);

  const take = () => {
    if (!canTake || control === undefined) return;
    void control.take();
  };
  const handBack = (done: boolean) => {
    if (props.disabled || handingBack || !held) return;
    const said = note.trim() === '' ? {} : { note: note.trim() };
    handedBack.current = true;
    const answer = () => props.onAnswer(done ? { done: true, ...said } : { done: false, ...said });
    if (!(control instanceof ControlLease)) {
      // Refused (the caller's failure): the person still holds control and may hand back again.
      void answer()?.catch(() => (handedBack.current = false));
      return;
    }
    // The proxy hears of the release before the answer, so control ends as the person meant it, not as the hand-off's end.
    setHandingBack(true);
    void control.release().then(() => {
      const sent = answer();
      // Taken at once (or not at all): the prompt says what became of it.
      if (sent === undefined) setHandingBack(false);
      sent?.catch(() => {
        handedBack.current = false;
        setHandingBack(false);
        // Refused: the person takes control again (if nobody else did meanwhile) and may hand back again.
        void control.take();
      });
    });
  };

  const instructions = typeof request.instructions === 'string' && request.instructions.trim() !== '' ? request.instructions : undefined;
  const statusText = controlStatusText(messages, locale, { state, view: controlView, lost, liveUrl, handingBack });
  const hintId = `${idBase}-take-hint`;
  const leaveHintId = `${idBase}-leave-hint`;
  const noteId = `${idBase}-note`;
  const hasNotice = props.notice !== null && props.notice !== false && props.notice !== undefined;
  const notice = hasNotice ? (
    <div className="hitl-agent-notice" id={props.noticeId}>
      {props.notice}
    </div>
  ) : null;
  const describedBy = (own: string) => cx(own, hasNotice && props.noticeId) || undefined;

  return (
    <div className="hitl-control" data-state={state}>
      {instructions === undefined ? null : (
        <div className="hitl-control-instructions">
          <p className="hitl-control-instructions-label" id={`${idBase}-instructions`}>
            {messages.instructionsLabel()}
          </p>
          <p className="hitl-control-instructions-text" aria-labelledby={`${idBase}-instructions`}>
            <bdi>{instructions}</bdi>
          </p>
        </div>
      )}
      <p className="hitl-control-status" role="status">
        {statusText}
      </p>
      {showHandBack ? (
        <div className="hitl-control-leave">
          <p className="hitl-control-leave-hint" id={leaveHintId}>
            {messages.leaveHint()}
          </p>
          <button type="button" className="hitl-button" aria-describedby={leaveHintId} onClick={() => noteField.current?.focus()}>
            {messages.leaveLiveView()}
          </button>
        </div>
      ) : null}
      {liveUrl === undefined ? (
        <p className="hitl-control-unsafe-url">
          <bdi>{messages.unsafeLiveUrl({ url: keyPart(request.liveUrl) })}</bdi>
        </p>
      ) : (
        <LiveView
          title={messages.frameTitle()}
          {...props.liveView}
          ref={view}
          url={liveUrl}
          interactive={held}
          onStateChange={onViewState}
        />
      )}
      {showHandBack ? (
        <div className="hitl-control-hand-back">
          <div className="hitl-field" data-field-type="textarea">
            <label className="hitl-label" htmlFor={noteId}>
              {messages.noteLabel()}
            </label>
            <textarea
              ref={noteField}
              id={noteId}
              className="hitl-input"
              rows={2}
              maxLength={MAX_NOTE_LENGTH}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div className="hitl-request-actions">
            <button
              type="button"
              className="hitl-button hitl-button-primary"
              aria-disabled={props.disabled || handingBack || undefined}
              aria-describedby={describedBy('')}
              onClick={() => handBack(true)}
            >
              {messages.handBack()}
            </button>
            <button
              type="button"
              className="hitl-button"
              aria-disabled={props.disabled || handingBack || undefined}
              onClick={() => handBack(false)}
            >
              {messages.couldNotDoIt()}
            </button>
          </div>
          {notice}
        </div>
      ) : (
        <>
          <div className="hitl-request-actions">
            <button
              ref={takeButton}
              type="button"
              className="hitl-button hitl-button-primary"
              // aria-disabled, not disabled: focus stays on it when another tab or person takes control meanwhile, or refuses it.
              aria-disabled={!canTake || undefined}
              aria-describedby={describedBy(hintId)}
              onClick={take}
            >
              {messages.takeControl()}
            </button>
          </div>
          <p className="hitl-control-hint" id={hintId}>
            {messages.takeControlHint()}
          </p>
          {notice}
        </>
      )}
    </div>
  );
}
