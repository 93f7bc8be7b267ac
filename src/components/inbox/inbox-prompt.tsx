import { Suspense, useEffect, useRef } from 'react';
import type { TaskClient, ToolDefinition } from '../../client';
import { useShowToolCall, useToolCallDraft, useToolInput } from '../../hooks';
import type { InboxToolCallItem } from '../../store';
import type { InboxMessages } from '../../messages';
import { HUMAN_CONTROL_TOOL_NAME } from '../../schema';
import { lazyPart } from '../../utils/react';
import type { FieldComponents, RenderField } from '../tool-call-form';
import { customRenderer, ToolCallPrompt, type ToolRenderers } from '../tool-call-prompt';
import { promptFormProps, type RunViewerFormProps } from '../run-viewer';
import { errorReason, type HeadingLevel } from '../shared';

// A hand-off brings `<HumanRequestPrompt>` and its live view: loaded when one is first opened.
const InboxHandOff = lazyPart(() => import('./inbox-hand-off').then((module) => module.InboxHandOff));

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not(.hitl-inbox-close)';
/** A hand-off's first action ("Take control"): before it are only its live view's link and "Reconnect". */
const HAND_OFF_ACTION = '.hitl-control .hitl-request-actions button';

interface InboxPromptProps {
  item: InboxToolCallItem;
  client: TaskClient | undefined;
  tools: readonly ToolDefinition[] | undefined;
  renderers: ToolRenderers | undefined;
  components: FieldComponents | undefined;
  renderField: RenderField | undefined;
  formProps: RunViewerFormProps | undefined;
  headingLevel: HeadingLevel;
  messages: InboxMessages;
  persistDrafts: boolean;
  onClose: () => void;
}

/**
 * An item's call, answered in place: the same prompt as `<RunViewer>`'s (a `human_control` call
 * as the same hand-off, unless `renderers` has one for it), its answer sent once
 * through the store's registry (so a `<RunViewer>` of the same run, or another tab, cannot send
 * it again). Once accepted, the item leaves the inbox and this with it.
 */
export function InboxPrompt({ item, messages, ...props }: InboxPromptProps) {
  const { taskId, toolCall } = item;
  const answer = useToolInput({ taskId }, props.client);
  useShowToolCall({ taskId, toolCallId: toolCall.toolCallId }, props.client);
  const state = answer.toolCallId === toolCall.toolCallId ? answer.state : 'idle';
  const panel = useRef<HTMLDivElement>(null);
  const handOff = toolCall.tool.name === HUMAN_CONTROL_TOOL_NAME && customRenderer(props.renderers, toolCall.tool.name) === undefined;
  const draft = useToolCallDraft({ taskId, toolCall, enabled: props.persistDrafts && !handOff });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = handOff ? panel.current : form.current;
    if (element === null) return undefined;
    const tryFocus = () => {
      const target = element.querySelector<HTMLElement>(HAND_OFF_ACTION) ?? element.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
      return target !== null;
    };
    // A hand-off's part loads after the panel: into its first control once there is one.
    if (tryFocus() || !handOff) return undefined;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [handOff]);
  return (
    <div
      ref={panel}
      className="hitl-inbox-prompt"
      data-state={state}
      data-renderer={customRenderer(props.renderers, toolCall.tool.name) === undefined ? 'built-in' : 'custom'}
    >
      {handOff ? (
        <Suspense fallback={<div className="hitl-request-loading" aria-busy="true" />}>
          <InboxHandOff
            item={item}
            answer={answer}
            disabled={state === 'submitting'}
            client={props.client}
            headingLevel={props.headingLevel}
            agentNotice={props.formProps?.agentNotice}
          />
        </Suspense>
      ) : (
        <ToolCallPrompt
          ref={form}
          toolCall={toolCall}
          onSubmit={(input) => answer.submit(toolCall.toolCallId, input)}
          defaultValues={draft.defaultValues}
          onValuesChange={draft.onValuesChange}
          tools={props.tools as ToolDefinition[] | undefined}
          renderers={props.renderers}
          components={props.components}
          renderField={props.renderField}
          {...promptFormProps(props.formProps)}
          disabled={state === 'submitting'}
          headingLevel={props.headingLevel}
        />
      )}
      {state === 'submitting' ? <p className="hitl-inbox-submitting">{messages.submitting()}</p> : null}
      {state === 'error' || state === 'stale' ? (
        <p role="alert" className="hitl-inbox-submit-error">
          {messages.submitError({ reason: errorReason(answer.error) })}
        </p>
      ) : null}
      <button type="button" className="hitl-button hitl-inbox-close" onClick={props.onClose}>
        {messages.close()}
      </button>
    </div>
  );
}
