import { Suspense, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { isFlatObjectSchema, resolveContentLimits, type AutocompletePolicy, type ClassNamePolicy, type ContentLimits } from '../../form';
import { useMessageGroup, useRequestDraft } from '../../hooks';
import { enFormMessages, enRequestPromptMessages, type RequestMessages, type RequestPromptMessages } from '../../messages';
import type { HumanAnswer, HumanRequest } from '../../request';
import { cutText, cx, isPromiseLike, toError } from '../../utils';
import { lazyPart, useIsomorphicLayoutEffect, useLatestCallback, withRefProp } from '../../utils/react';
import type { TabEnvironment } from '../../store';
import type { FieldComponents, RenderField } from '../form-view';
import type { LiveViewProps } from '../live-view';
import type { ControlLeaseTarget } from './control-lease';
import { Heading, subLevel, type HeadingLevel } from '../shared';
import type { HumanRequestPromptMessages } from './messages';
import { usePromptName } from './prompt-names';
import { SchemaRequestForm } from './schema-request-form';

// Each loads when first shown, by what the request is: the approval kit is most of a page's bytes, a
// `form_input` form brings its parameters' checker, the JSON editor is for rare schemas, the link
// for pages to visit, the deadline (its countdown and its timer) for the few sources that set one.
const FormInputRequestForm = lazyPart(() => import('./form-input-request-form').then((module) => module.FormInputRequestForm));
const ApprovalRequest = lazyPart(() => import('./approval-request').then((module) => module.ApprovalRequest));
const LinkRequest = lazyPart(() => import('./link-request').then((module) => module.LinkRequest));
const SchemaJsonAnswer = lazyPart(() => import('./schema-json-answer').then((module) => module.SchemaJsonAnswer));
const ControlRequest = lazyPart(() => import('./control-request').then((module) => module.ControlRequest));
const TimeLeft = lazyPart(() => import('./time-left').then((module) => module.TimeLeft));

/**
 * The prompt's state, exposed as `data-state`: `idle` while the person answers, `submitting` while
 * `onAnswer`'s promise is pending, `answered` once it settled well (or `onAnswer` returned), and
 * `expired` once the deadline passed unanswered.
 */
export type HumanRequestPromptState = 'idle' | 'submitting' | 'answered' | 'expired';

/** Props of `<HumanRequestPrompt>`. */
export interface HumanRequestPromptProps {
  /**
   * What is asked (an adapter's `HumanRequest`). A new object with the same `id` keeps what the
   * person typed and what was answered; a new `id` starts afresh. Its texts are agent-made: shown
   * as text, never HTML. Required.
   */
  request: HumanRequest;
  /**
   * Receives the person's answer, exactly once per request: a second click, Enter, or a re-render
   * sends nothing more. While a returned promise is pending the prompt is `data-state="submitting"`;
   * if it rejects, the person is back where they were with what they typed (report the failure
   * yourself); once it resolves (or `onAnswer` returned), the prompt says the answer was sent and
   * takes no other until a new `request.id`. At the deadline (while the prompt is mounted) it
   * receives `{ action: 'cancel', expired: true }`, unless an answer is already on its way. Required.
   */
  onAnswer: (answer: HumanAnswer) => void | PromiseLike<void>;
  /** Nothing can be answered now (e.g. while you send another answer); what was typed is kept. The deadline still runs. Default: false. */
  disabled?: boolean | undefined;
  /**
   * Keeps what the person typed in `sessionStorage` under the request's `source` and `id`, so it
   * survives a remount and a reload, as `<RunViewer persistDrafts>` does; never a secret (password,
   * one-time-code or card fields, `format: 'password'` or `writeOnly` properties). Forgotten once
   * answered. Read when the request is first shown. Default: true.
   */
  persistDrafts?: boolean | undefined;
  /** Replaces some of the texts (any of the `request`, `form`, `prompt`, `approval` and `control` groups). Default: those of `<MessagesProvider>`, else English. */
  messages?: Partial<HumanRequestPromptMessages> | undefined;
  /** The level of the heading element; a form's or an action's own heading is one below. Default: 2. */
  headingLevel?: HeadingLevel | undefined;
  /**
   * Shown near the answer's button, and describing it, telling the person who asks; `null` for
   * none. Default: "Requested by <requester>. Check it before you answer.", the requester being
   * the request's `requestedBy`, else its source's name ("MCP server", "LangGraph agent"); for the
   * task service's own requests "Requested by the automation agent. Check it before you answer."
   */
  agentNotice?: ReactNode;
  /** As `<ToolCallForm components>`, for the fields of a form. Default: none. */
  components?: FieldComponents | undefined;
  /** As `<ToolCallForm renderField>`, for the fields of a form. Default: none. */
  renderField?: RenderField | undefined;
  /** As `<ToolCallForm limits>`: what a form accepts from the agent before it stops and says so. Default: those of `<ToolCallForm>`. */
  limits?: Partial<ContentLimits> | undefined;
  /** As `<ToolCallForm classNamePolicy>`. Default: `'drop'`. */
  classNamePolicy?: ClassNamePolicy | undefined;
  /** As `<ToolCallForm autocompletePolicy>`. Default: `'safe'`. */
  autocompletePolicy?: AutocompletePolicy | undefined;
  /** For a hand-off (`control`): props of its `<LiveView>` (time-outs, reconnects, its texts). Default: those of `<LiveView>`. */
  liveView?: Omit<LiveViewProps, 'url' | 'interactive' | 'onStateChange' | 'ref'> | undefined;
  /**
   * For a hand-off: the tabs of this browser, of which one at a time holds control (the others
   * show "Another tab has control"); `false`: this tab asks no other. Default: the browser's
   * channel and Web Locks (`createBrowserTabEnvironment()` of `hitl-react/store`).
   */
  tabs?: TabEnvironment | false | undefined;
  /**
   * Where control of a hand-off is held one person at a time, across people, tabs and proxy
   * instances: the proxy's `{basePath}/control/{id}` through `client` (`id`: the request's id as the proxy lists it, or the
   * task's id with `toolCallId` for a call of the task service). Default: none: one tab of this browser at a time (`tabs`).
   */
  controlLease?: ControlLeaseTarget | undefined;
  /** The region's id and the prefix of its elements' ids. Default: none on the region; the elements' ids use a generated prefix. */
  id?: string | undefined;
  /** The region (`<section>`). Default: none. */
  ref?: Ref<HTMLElement> | undefined;
  /** Added to the region's classes (`hitl-request`). Default: none. */
  className?: string | undefined;
}

/**
 * Renders any `HumanRequest` for a person to answer, whichever framework asked: a `form_input`
 * form as `<ToolCallForm>` does; a flat object schema as the form `<ToolCallPrompt>` generates
 * (answered with `content`), any other schema as its JSON editor with a note saying why; an
 * approval with the approval kit (loaded when an approval is first shown), with "Always for
 * <tool>" beside an action that has `allowAlways`; a page to visit as a link (http(s) only, in a
 * new tab) and "I have finished"; a hand-off of the agent's browser (`control`) as its live view,
 * read-only until the person takes control (one tab at a time), then "Hand back" or "I could not
 * do it". "Decline" and "Cancel" are offered where the request allows them. A deadline shows the time left, said to screen readers at a few
 * steps, and closes the prompt when it passes. The region is named by its heading.
 */
export const HumanRequestPrompt = withRefProp(function HumanRequestPrompt(props: HumanRequestPromptProps) {
  // Keyed by request: a re-render's new object keeps the state and what was typed, a new request starts afresh.
  return <HumanRequestPromptBody key={props.request?.id} {...props} />;
});

/** What the prompt shows after an answer: the action it sent (or is sending). */
type Phase = { state: 'idle' } | { state: 'submitting' | 'answered'; action: HumanAnswer['action'] } | { state: 'expired' };

/** An agent-made text, if it has something to show. */
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
/** The longest `requestedBy` shown, and what the region's name takes of the request. */
const NAME_LENGTH = 120;

/** An id or a source, as the request's draft is keyed (`String` of an object is never called: the request is untrusted). */
const idText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

const HumanRequestPromptBody = withRefProp(function HumanRequestPromptBody({ ref, ...props }: HumanRequestPromptProps) {
  // Re-renders of the same request carry the same request; the first is kept, as the form follows it.
  const [request] = useState(props.request);
  const generatedId = useId();
  const idBase = props.id ?? generatedId;
  // Only the English of the texts the prompt writes itself is in the page (its parts, loaded when
  // shown, read the whole group); typed as those, so the prompt cannot reach for another.
  const messages: RequestPromptMessages = useMessageGroup('request', enRequestPromptMessages as RequestMessages, props.messages);
  const formMessages = useMessageGroup('form', enFormMessages, props.messages);
  const requestId = idText(request.id);
  const draft = useRequestDraft(idText(request.source), requestId, props.persistDrafts !== false);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  // Read once, as the request: a schema is measured against the limits, which costs its size.
  const [flatSchema] = useState(() =>
    request.kind === 'form' && isFlatObjectSchema(request.schema, resolveContentLimits(props.limits)) ? request.schema : undefined,
  );
  // Set before `onAnswer` is called and cleared only by a rejection: nothing else is sent meanwhile.
  const answering = useRef(false);
  const deadlinePassed = useRef(false);
  // Whether focus is in the prompt (React's focus events, so a field's list in a portal counts),
  // followed rather than looked up: the section takes the caller's `ref` as it is.
  const focusInside = useRef(false);
  const focusWasInside = useRef(false);
  const status = useRef<HTMLParagraphElement>(null);

  // The answer's status replaces what the person was in: focus follows, if it was there. Once
  // unmounted nothing is set (React drops the state of an unmounted component).
  const settle = (next: Phase) => {
    focusWasInside.current = focusInside.current;
    setPhase(next);
    draft.remove();
  };
  useIsomorphicLayoutEffect(() => {
    if ((phase.state === 'answered' || phase.state === 'expired') && focusWasInside.current) status.current?.focus();
  }, [phase.state]);

  const expire = useLatestCallback(() => {
    deadlinePassed.current = true;
    // An answer on its way wins; one already given ends it.
    if (answering.current) return;
    answering.current = true;
    settle({ state: 'expired' });
    // The caller reports a failure it sees (a throw too: it becomes a rejection); nothing can be retried here.
    Promise.resolve<HumanAnswer>({ requestId, action: 'cancel', expired: true })
      .then(props.onAnswer)
      .catch(() => undefined);
  });

  const send = useLatestCallback((answer: HumanAnswer): Promise<void> | undefined => {
    if (answering.current || props.disabled === true) return undefined;
    answering.current = true;
    let result: unknown;
    try {
      result = props.onAnswer(answer);
    } catch (error) {
      result = Promise.reject(toError(error));
    }
    const answered = () => settle({ state: 'answered', action: answer.action });
    if (!isPromiseLike(result)) {
      answered();
      return undefined;
    }
    setPhase({ state: 'submitting', action: answer.action });
    return Promise.resolve(result).then(answered, (error: unknown) => {
      answering.current = false;
      // Too late to answer again: the source is told it expired.
      if (deadlinePassed.current) expire();
      else setPhase({ state: 'idle' });
      throw error;
    });
  });
  // From a button: the failure is the caller's to report; the person may answer again.
  const sendFromButton = (action: 'accept' | 'decline' | 'cancel') =>
    // Each action alone is a `HumanAnswer`; TypeScript does not split the union to see it.
    void send({ requestId, action } as HumanAnswer)?.catch(() => undefined);

  const disabled = props.disabled === true;
  const headingLevel = props.headingLevel ?? 2;
  const headingId = `${idBase}-heading`;
  const noticeId = `${idBase}-notice`;
  const title = text(request.title);
  const message = text(request.message);
  const allows = request.allows ?? {};
  const source = idText(request.source);
  // The person's answer is out: the other buttons wait for it.
  const busy = phase.state !== 'idle';
  // Who asks: as the request names it, else by its source, except the task service's own agent.
  const requestedBy = text(request.requestedBy);
  const requester =
    requestedBy !== undefined
      ? cutText(requestedBy, NAME_LENGTH)
      : source === '' || source === 'task-service'
        ? undefined
        : messages.sourceName({ source });
  const notice =
    props.agentNotice !== undefined
      ? props.agentNotice
      : requester === undefined
        ? formMessages.agentNotice()
        : messages.requestedBy({ requester });
  const hasNotice = notice !== null && notice !== false;
  const heading =
    title ??
    (request.kind === 'approval'
      ? messages.approvalHeading()
      : request.kind === 'link'
        ? messages.linkHeading()
        : request.kind === 'control'
          ? messages.controlHeading()
          : messages.formHeading());
  // A prompt is named by its heading; several with the same heading on a page (two of one MCP
  // server) are told apart by what each asks and what for beside it, as `summarizeRequest` says
  // them (the inbox's lines), read here without it: every page with a prompt carries this.
  const actions: unknown = request.kind === 'approval' ? request.actions : undefined;
  const first = Array.isArray(actions) ? (actions[0] as Partial<Record<string, unknown>> | null | undefined) : undefined;
  const form = request.kind === 'form' ? (request.parameters as Partial<Record<string, unknown>> | null | undefined) : undefined;
  const what = title ?? text(first?.name) ?? text(form?.heading ?? (request.kind === 'form' ? request.schema?.title : undefined));
  const detail = text(first?.description) ?? message;
  const named = {
    heading,
    what: what === undefined || what === heading ? undefined : cutText(what, NAME_LENGTH),
    detail: detail === undefined ? undefined : cutText(detail, NAME_LENGTH),
  };
  const { shared, ordinal } = usePromptName(heading, messages.promptLabel({ ...named, ordinal: undefined }));
  const label = shared ? messages.promptLabel({ ...named, ordinal }) : heading;

  const button = (label: string, action: 'accept' | 'decline' | 'cancel', primary = false) => (
    <button
      type="button"
      className={cx('hitl-button', primary && 'hitl-button-primary')}
      disabled={disabled}
      // aria-disabled rather than disabled: focus stays on the pressed button while the answer is out.
      aria-disabled={busy || undefined}
      aria-describedby={primary && hasNotice ? noticeId : undefined}
      onClick={() => sendFromButton(action)}
    >
      {label}
    </button>
  );
  const part = {
    // The forms show the notice of the prompt, which names who asks.
    prompt: { ...props, agentNotice: notice },
    title,
    draft,
    // A decline or cancel on its way: the form or the approval waits too (their own answer keeps them busy by itself).
    disabled: disabled || (phase.state === 'submitting' && phase.action !== 'accept'),
    headingLevel: subLevel(headingLevel),
    id: `${idBase}-form`,
  };
  const accept = (content: Record<string, unknown>) => send({ requestId, action: 'accept', content });
  const ownNotice = hasNotice ? (
    <div className="hitl-agent-notice" id={noticeId}>
      {notice}
    </div>
  ) : null;

  // Each part but the schema form loads when first shown; meanwhile a busy placeholder holds its place.
  const suspended = (element: ReactNode) => (
    <Suspense fallback={<div className="hitl-request-loading" aria-busy="true" />}>{element}</Suspense>
  );

  let body: ReactNode = null;
  let finished: ReactNode = null;
  if (request.kind === 'form') {
    body =
      request.schema === undefined ? (
        suspended(
          <FormInputRequestForm
            {...part}
            parameters={request.parameters}
            onSubmit={(answer) => send({ requestId, action: 'accept', answer })}
          />,
        )
      ) : flatSchema ? (
        <SchemaRequestForm {...part} schema={flatSchema} submitLabel={text(request.submitLabel)} onSubmit={accept} />
      ) : (
        suspended(<SchemaJsonAnswer {...part} schema={request.schema} onSubmit={accept} />)
      );
  } else if (request.kind === 'approval') {
    body = (
      <>
        {ownNotice}
        {suspended(
          <ApprovalRequest
            request={request}
            onDecide={(decisions) => send({ requestId, action: 'accept', decisions })}
            disabled={part.disabled}
            headingLevel={part.headingLevel}
            idBase={`${idBase}-approval`}
            messages={props.messages}
          />,
        )}
      </>
    );
  } else if (request.kind === 'link') {
    body = (
      <>
        {suspended(<LinkRequest url={request.url} messages={props.messages} />)}
        {ownNotice}
      </>
    );
    finished = button(messages.finished(), 'accept', true);
  } else if (request.kind === 'control') {
    body = suspended(
      <ControlRequest
        request={request}
        onAnswer={(control) => send({ requestId, action: 'accept', control })}
        disabled={part.disabled || busy}
        notice={hasNotice ? notice : null}
        noticeId={noticeId}
        idBase={`${idBase}-control`}
        liveView={props.liveView}
        tabs={props.tabs}
        controlLease={props.controlLease}
        messages={props.messages}
      />,
    );
  }

  const done = phase.state === 'answered' || phase.state === 'expired';
  return (
    <section
      ref={ref}
      onFocus={() => {
        focusInside.current = true;
      }}
      onBlur={() => {
        focusInside.current = false;
      }}
      id={props.id}
      className={cx('hitl-request', props.className)}
      aria-labelledby={label === heading ? headingId : undefined}
      aria-label={label === heading ? undefined : label}
      aria-busy={phase.state === 'submitting' || undefined}
      data-state={phase.state}
      data-kind={request.kind}
      data-disabled={disabled ? '' : undefined}
    >
      <Heading level={headingLevel} id={headingId} className="hitl-request-heading">
        <bdi>{heading}</bdi>
      </Heading>
      {message === undefined ? null : (
        <p className="hitl-request-message">
          <bdi>{message}</bdi>
        </p>
      )}
      {done ? (
        <p className="hitl-request-status" role={phase.state === 'expired' ? 'alert' : 'status'} tabIndex={-1} ref={status}>
          {phase.state === 'expired' ? messages.expired() : messages.answered({ action: phase.action })}
        </p>
      ) : (
        <>
          {request.deadline === undefined || request.deadline === null ? null : (
            <Suspense fallback={null}>
              <TimeLeft deadline={request.deadline} messages={props.messages} onPassed={expire} />
            </Suspense>
          )}
          {body}
          {finished || allows.decline || allows.cancel ? (
            <div className="hitl-request-actions">
              {finished}
              {allows.decline ? button(messages.decline(), 'decline') : null}
              {allows.cancel ? button(messages.cancel(), 'cancel') : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
});
