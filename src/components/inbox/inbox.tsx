import { Suspense, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import type { TaskClient, ToolDefinition } from '../../client';
import {
  useDocumentTitleCount,
  useInbox,
  useMessages,
  useMessagesLocale,
  useNotificationPermission,
  useToolCallAttention,
} from '../../hooks';
import { formatDuration, type InboxMessages } from '../../messages';
import type { InboxItem, InboxRequestItem, InboxToolCallItem } from '../../store';
import { cx } from '../../utils';
import { lazyPart, useIsomorphicLayoutEffect, useNow, withRefProp } from '../../utils/react';
import type { RunViewerFormProps } from '../run-viewer';
import { errorReason, Heading, LiveAnnouncer, RetryAlert, subLevel, type HeadingLevel } from '../shared';
import type { FieldComponents, RenderField } from '../tool-call-form';
import type { ToolRenderers } from '../tool-call-prompt';
import { InboxItemButton, taskLabel, toolCallItemTitle } from './inbox-item-button';
import { InboxPrompt } from './inbox-prompt';
import { endedText, InboxRequestButton, requestStateAt, requestTitle } from './inbox-request';
import { useArrivals } from './use-arrivals';

// Loaded when a request is first opened: a page whose inbox only ever shows the service's calls
// does not ship `<HumanRequestPrompt>`.
const InboxRequestPanel = lazyPart(() => import('./inbox-request-panel').then((module) => module.InboxRequestPanel));

export interface InboxProps {
  /** The tasks whose most recent runs are watched. Default: every active task of the task list, all pages. */
  taskIds?: readonly string[] | undefined;
  /** Milliseconds between two listings of the tasks, or `false` to list them once. Ignored with `taskIds`. Default: 30000. */
  listIntervalMs?: number | false | undefined;
  /** Milliseconds between status polls of each run. Default: the store's (2000). */
  pollIntervalMs?: number | undefined;
  /**
   * Lists the requests of a `createTaskProxy` beside the service's calls (an MCP elicitation, a
   * LangGraph interrupt, any `proxy.requests.open`), each answered in place with
   * `<HumanRequestPrompt>`, when the client can read them. Default: true.
   */
  requests?: boolean | undefined;
  /** The client to use. Default: the one from `<TaskClientProvider>`. */
  client?: TaskClient | undefined;
  /**
   * Called when an item is activated (click, Enter), a tool call or a request (`item.kind`); the
   * item's form is then not opened in place, so the app can route to its own page. Default: none
   * (the form opens in place).
   */
  onOpen?: ((item: InboxItem) => void) | undefined;
  /**
   * Names a tool call's tool, as plain text (agent-made names and headings are never read as HTML).
   * Default: `defaultToolLabel`: the form's heading for `form_input` (else the `formTool` message,
   * "Form"), a `human_control` hand-off as its prompt's heading ("Take control", with its reason
   * beside it), any other tool's name in words (`approve_purchase` → "Approve purchase"). A request
   * is named by what asks (its `requestedBy`, else its source's name) and by what it asks and what
   * for (`summarizeRequest`: its title, its form's heading or its first action's name; the action's
   * description or the request's message).
   */
  toolLabel?: ((item: InboxToolCallItem) => string) | undefined;
  /** Custom renderers of tool calls by tool name, as `<RunViewer renderers>`. Default: none. */
  renderers?: ToolRenderers | undefined;
  /** The tasks' tool definitions, as `<RunViewer tools>`. Default: none. */
  tools?: readonly ToolDefinition[] | undefined;
  /** Your own components for the forms' fields, by kind, as `<RunViewer components>`. Default: none. */
  components?: FieldComponents | undefined;
  /** Renders one field of the forms yourself, as `<RunViewer renderField>`. Default: none. */
  renderField?: RenderField | undefined;
  /** Passed to `<ToolCallPrompt>`, as `<RunViewer formProps>`. Default: none. */
  formProps?: RunViewerFormProps | undefined;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`inbox`), else the English `enInboxMessages`. */
  messages?: Partial<InboxMessages> | undefined;
  /** Shows the count in the document's title, `(3) My app`, while it is above 0. Default: false. */
  documentTitle?: boolean | undefined;
  /**
   * Offers a button that asks for permission to notify, and once granted shows an OS notification
   * once per call across the tabs of the origin, unless a visible tab shows the call. Default: false.
   */
  notifications?: boolean | undefined;
  /** Called once per tool call across the tabs of the origin when it starts waiting. Default: none. */
  onToolCallWaiting?: ((item: InboxToolCallItem) => void) | undefined;
  /** Keeps what the person typed into an opened form in `sessionStorage`, as `<RunViewer persistDrafts>`. Default: true. */
  persistDrafts?: boolean | undefined;
  /** The level of the inbox's heading; the forms' headings are one below. Default: 2. */
  headingLevel?: HeadingLevel | undefined;
  /** Added to the root's classes (`hitl-inbox`). Default: none. */
  className?: string | undefined;
  /** The root `<section>` element. Default: none. */
  ref?: Ref<HTMLElement> | undefined;
}

/**
 * `data-state` of the inbox: `loading`, `error` (nothing waits to show, only an error), `empty`
 * (nothing waits; requests that ended elsewhere may still be listed below), `ready`.
 */
export type InboxState = 'loading' | 'error' | 'empty' | 'ready';

/**
 * Every tool call and request waiting for the person, oldest first, in a list as long as the
 * heading's count: the task (or who asks for a request: the MCP server's or agent's name, else
 * its source's), what it asks (the tool, the action, the form) and what for, how long it has
 * waited and, for a request with a deadline, how long it has left. Arrow keys, Home and End move
 * between items; Enter or a click opens the call's form, or the request's `<HumanRequestPrompt>`,
 * in place (or calls `onOpen`). An answered item leaves; a request that ends elsewhere (answered
 * by someone else, withdrawn, expired, its agent gone) leaves the list and its count at once, and
 * is listed below ("No longer waiting") saying how, in place of its prompt if it was open, while
 * the proxy lists it. Arrivals and those endings are announced politely, once each.
 */
export const Inbox = withRefProp(function Inbox({ ref, ...props }: InboxProps) {
  const messages = useMessages('inbox', props.messages);
  // A request without a title is named as its prompt names it.
  const headings = useMessages('request');
  const inbox = useInbox(
    { taskIds: props.taskIds, listIntervalMs: props.listIntervalMs, pollIntervalMs: props.pollIntervalMs, requests: props.requests },
    props.client,
  );
  const { items } = inbox;
  const level = props.headingLevel ?? 2;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const endedList = useRef<HTMLUListElement>(null);
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const [focusId, setFocusId] = useState<string | undefined>(undefined);
  // Whether the focus is on an item's button, or in the opened item's prompt: followed by focus
  // events, as an item that ends elsewhere moves to the other list, where its elements are new.
  const focusOnItem = useRef(false);
  const focusInPanel = useRef(false);
  const permission = useNotificationPermission();
  // Ticks for the items' waits, and for "last updated" while the data is stale.
  const now = useNow(items.length > 0 || inbox.isStale);
  const locale = useMessagesLocale();

  // What waits, and below it the requests that ended elsewhere (listed for about a minute): the
  // count is the first list's length, so the heading and the list change in the same render.
  const waiting = items.filter((item) => item.kind === 'tool_call' || requestStateAt(item, now) === 'open');
  const ended = items.filter((item): item is InboxRequestItem => item.kind === 'request' && requestStateAt(item, now) !== 'open');
  const shown = ended.length === 0 ? waiting : [...waiting, ...ended];
  const count = waiting.length;

  useDocumentTitleCount(count, { enabled: props.documentTitle === true });
  useToolCallAttention(items, { notify: props.notifications === true, onToolCallWaiting: props.onToolCallWaiting }, props.client);
  const announcement = useArrivals(
    items,
    inbox.isLoading,
    (item) =>
      messages.announceArrival({
        task: taskLabel(item, messages),
        title: item.kind === 'request' ? requestTitle(item, headings) : toolCallItemTitle(item),
      }),
    (item) => messages.announceEnded({ title: requestTitle(item, headings), status: endedText(item, item.state, messages, locale) ?? '' }),
  );

  // One state at a time: an error while a later page still loads is shown alone, not beside "Loading…".
  const state: InboxState =
    inbox.isLoading && inbox.error === undefined ? 'loading' : count > 0 ? 'ready' : inbox.error ? 'error' : 'empty';
  const open = shown.find((item) => item.id === openId);
  // The roving tab stop: the item focused last while it is listed, else the first.
  const tabStop = shown.some((item) => item.id === focusId) ? focusId : shown[0]?.id;

  const buttons = () => [
    ...(list.current?.querySelectorAll<HTMLButtonElement>('.hitl-inbox-item-button') ?? []),
    ...(endedList.current?.querySelectorAll<HTMLButtonElement>('.hitl-inbox-item-button') ?? []),
  ];
  const focusItem = (index: number) => {
    const all = buttons();
    all[Math.max(0, Math.min(index, all.length - 1))]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: shown.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusItem(next);
  };
  const activate = (item: InboxItem) => {
    // From the item's button: the focus is not in a prompt (one that left with it does not count).
    focusInPanel.current = false;
    if (props.onOpen !== undefined) props.onOpen(item);
    else setOpenId((current) => (current === item.id ? undefined : item.id));
  };
  // An opened item that leaves (its answer went through) takes the focus with it: it goes to the
  // item that took its place, else the last one.
  const openIndex = useRef(-1);
  if (open !== undefined) openIndex.current = shown.indexOf(open);
  useIsomorphicLayoutEffect(() => {
    if (open !== undefined || openIndex.current < 0) return;
    const index = openIndex.current;
    openIndex.current = -1;
    const active = list.current?.ownerDocument.activeElement;
    if (active === null || active === undefined || active === active.ownerDocument.body) focusItem(index);
  }, [open]);
  // An item that ended elsewhere moved to the list below, as new elements: the focus its button
  // had follows it (its prompt's own takes care of itself, see `InboxRequestPanel`).
  const endedIds = ended.map((item) => item.id).join('\n');
  useIsomorphicLayoutEffect(() => {
    const document = list.current?.ownerDocument ?? endedList.current?.ownerDocument;
    if (!focusOnItem.current || focusId === undefined || document === undefined) return;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const index = shown.findIndex((item) => item.id === focusId);
    if (index >= 0) focusItem(index);
  }, [endedIds]);

  const renderItem = (item: InboxItem, index: number) => {
    const isOpen = open?.id === item.id;
    const onClose = () => {
      setOpenId(undefined);
      focusItem(index);
    };
    const button = {
      now,
      messages,
      expanded: props.onOpen === undefined ? isOpen : undefined,
      tabbable: tabStop === item.id,
      onFocus: () => {
        focusOnItem.current = true;
        setFocusId(item.id);
      },
      onBlur: (event: FocusEvent) => {
        // Null when the button was taken away (or the window lost focus): still on it.
        if (event.relatedTarget !== null) focusOnItem.current = false;
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => onKeyDown(event, index),
      onClick: () => activate(item),
    };
    return item.kind === 'request' ? (
      <li key={item.id} className="hitl-inbox-item" data-kind="request" data-state={isOpen ? 'open' : 'closed'}>
        <InboxRequestButton item={item} headings={headings} open={isOpen} {...button} />
        {isOpen ? (
          <Suspense fallback={<div className="hitl-inbox-prompt" aria-busy="true" />}>
            <InboxRequestPanel
              item={item}
              ended={endedText(item, requestStateAt(item, now), messages, locale)}
              messages={messages}
              headingLevel={subLevel(level)}
              answer={inbox.answerRequest}
              components={props.components}
              renderField={props.renderField}
              formProps={props.formProps}
              persistDrafts={props.persistDrafts !== false}
              focusInsideRef={focusInPanel}
              onClose={onClose}
              client={props.client}
            />
          </Suspense>
        ) : null}
      </li>
    ) : (
      <li key={item.id} className="hitl-inbox-item" data-state={isOpen ? 'open' : 'closed'}>
        <InboxItemButton item={item} {...button} headings={headings} client={props.client} toolLabel={props.toolLabel} />
        {isOpen ? (
          <InboxPrompt
            item={item}
            client={props.client}
            tools={props.tools}
            renderers={props.renderers}
            components={props.components}
            renderField={props.renderField}
            formProps={props.formProps}
            headingLevel={subLevel(level)}
            messages={messages}
            persistDrafts={props.persistDrafts !== false}
            onClose={onClose}
          />
        ) : null}
      </li>
    );
  };

  return (
    <section ref={ref} className={cx('hitl-inbox', props.className)} aria-labelledby={headingId} data-state={state}>
      <div className="hitl-inbox-header">
        <Heading level={level} id={headingId} className="hitl-inbox-heading" ref={heading}>
          {/* No count while none is known: "(0)" beside "Invalid API key" would say nothing waits. */}
          {state === 'loading' || state === 'error' ? messages.headingUnknown() : messages.heading({ count })}
        </Heading>
        {props.notifications === true && permission.permission === 'default' ? (
          <button type="button" className="hitl-button" onClick={() => void permission.request()}>
            {messages.enableNotifications()}
          </button>
        ) : null}
      </div>
      <LiveAnnouncer announcement={announcement} className="hitl-inbox-announcer" />
      {inbox.error !== undefined ? (
        <RetryAlert
          className="hitl-inbox-error"
          message={
            inbox.isStale && inbox.updatedAt !== undefined && now !== undefined
              ? messages.stale({ reason: errorReason(inbox.error), duration: formatDuration(Math.max(0, now - inbox.updatedAt), locale) })
              : messages.error({ reason: errorReason(inbox.error) })
          }
          retryLabel={messages.retry()}
          onRetry={() => void inbox.refetch()}
        />
      ) : null}
      {state === 'loading' ? <p className="hitl-inbox-loading">{messages.loading()}</p> : null}
      {state === 'empty' ? <p className="hitl-inbox-empty">{messages.empty()}</p> : null}
      {count > 0 ? (
        <ul
          ref={list}
          className="hitl-inbox-list"
          aria-label={messages.listLabel({ requests: waiting.some((item) => item.kind === 'request') })}
        >
          {waiting.map(renderItem)}
        </ul>
      ) : null}
      {ended.length > 0 ? (
        <ul ref={endedList} className="hitl-inbox-list" data-ended="" aria-label={messages.endedListLabel()}>
          {ended.map((item, index) => renderItem(item, count + index))}
        </ul>
      ) : null}
    </section>
  );
});
