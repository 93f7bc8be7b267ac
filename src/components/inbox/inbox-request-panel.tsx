import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TaskClient } from '../../client';
import { useTaskClient } from '../../hooks';
import type { InboxMessages } from '../../messages';
import type { HumanAnswer } from '../../request';
import type { InboxRequestItem } from '../../store';
import { toError } from '../../utils';
import { useIsomorphicLayoutEffect } from '../../utils/react';
import { HumanRequestPrompt } from '../human-request-prompt';
import type { RunViewerFormProps } from '../run-viewer';
import { errorReason, type HeadingLevel } from '../shared';
import type { FieldComponents, RenderField } from '../tool-call-form';

interface InboxRequestPanelProps {
  item: InboxRequestItem;
  /** How it ended, when it did: shown in place of the prompt. */
  ended: string | undefined;
  messages: InboxMessages;
  headingLevel: HeadingLevel;
  answer: (id: string, answer: HumanAnswer) => Promise<unknown>;
  components: FieldComponents | undefined;
  renderField: RenderField | undefined;
  formProps: RunViewerFormProps | undefined;
  persistDrafts: boolean;
  /**
   * Whether the focus is in the panel, kept by the inbox: an item that ends elsewhere moves to
   * the list of ended ones, where this panel is made again, and its focus goes to what it says.
   */
  focusInsideRef: RefObject<boolean>;
  onClose: () => void;
  /** The inbox's client: through a proxy, a hand-off's control is leased there. */
  client: TaskClient | undefined;
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not(.hitl-inbox-close), a[href]';
/** A hand-off's first action ("Take control"): before it are only its live view's link and "Reconnect". */
const HAND_OFF_ACTION = '.hitl-control .hitl-request-actions button';

/**
 * A request opened in place: `<HumanRequestPrompt>` answering through the store (once; the item
 * leaves when the proxy took the answer), or, once the request ended elsewhere, how it ended. A
 * failed answer keeps what the person typed and says why, so they can send it again.
 */
export function InboxRequestPanel({ item, ended, messages, formProps, focusInsideRef, ...props }: InboxRequestPanelProps) {
  const [error, setError] = useState<Error | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // `focusInsideRef` is followed by focus events: a prompt taken away with the focus in it fires no blur to say so.
  const isEnded = ended !== undefined;
  const client = useTaskClient(props.client);

  // Into the first field once there is one: an approval's or a page's part loads after the panel.
  useEffect(() => {
    const element = panel.current;
    if (element === null) return undefined;
    const opener = element.ownerDocument.activeElement;
    const tryFocus = () => {
      const active = element.ownerDocument.activeElement;
      // Not taken from wherever the person went meanwhile.
      if (active !== opener && active !== element.ownerDocument.body && active !== null) return true;
      const target = element.querySelector<HTMLElement>(HAND_OFF_ACTION) ?? element.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
      return target !== null;
    };
    if (tryFocus()) return undefined;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  // The prompt the person was in is gone: the focus goes to what took its place.
  useIsomorphicLayoutEffect(() => {
    if (isEnded && focusInsideRef.current) status.current?.focus();
  }, [isEnded]);

  const onAnswer = async (answer: HumanAnswer) => {
    setError(undefined);
    setSending(true);
    try {
      await props.answer(item.request.id, answer);
    } catch (cause) {
      // A 409 or 410 ends the item too, which then says how in place of all this.
      const failure = toError(cause);
      setError(failure);
      throw failure;
    } finally {
      setSending(false);
    }
  };

  return (
    <div
      ref={panel}
      className="hitl-inbox-prompt"
      data-state={isEnded ? 'ended' : sending ? 'submitting' : error === undefined ? 'idle' : 'error'}
      onFocus={() => {
        focusInsideRef.current = true;
      }}
      onBlur={(event) => {
        // Null when the focused element was taken away (or the window lost focus): still "inside".
        if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget)) focusInsideRef.current = false;
      }}
    >
      {isEnded ? (
        <p ref={status} className="hitl-inbox-ended" tabIndex={-1}>
          <bdi>{ended}</bdi>
        </p>
      ) : (
        <HumanRequestPrompt
          request={item.request}
          onAnswer={onAnswer}
          headingLevel={props.headingLevel}
          persistDrafts={props.persistDrafts}
          components={props.components}
          renderField={props.renderField}
          classNamePolicy={formProps?.classNamePolicy}
          autocompletePolicy={formProps?.autocompletePolicy}
          agentNotice={formProps?.agentNotice}
          controlLease={item.request.kind === 'control' ? { client, id: item.request.id } : undefined}
        />
      )}
      {!isEnded && sending ? <p className="hitl-inbox-submitting">{messages.submitting()}</p> : null}
      {!isEnded && error !== undefined ? (
        <p role="alert" className="hitl-inbox-submit-error">
          {messages.submitError({ reason: errorReason(error) })}
        </p>
      ) : null}
      <button type="button" className="hitl-button hitl-inbox-close" onClick={props.onClose}>
        {messages.close()}
      </button>
    </div>
  );
}
