import { useEffect, useRef } from 'react';
import type { TaskClient, ToolDefinition } from '../../client';
import { useShowToolCall, useToolCallDraft, useToolInput } from '../../hooks';
import type { InboxToolCallItem } from '../../store';
import type { InboxMessages } from '../../messages';
import type { FieldComponents, RenderField } from '../tool-call-form';
import { customRenderer, ToolCallPrompt, type ToolRenderers } from '../tool-call-prompt';
import { promptFormProps, type RunViewerFormProps } from '../run-viewer';
import { errorReason, type HeadingLevel } from '../shared';

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
 * An item's call, answered in place: the same prompt as `<RunViewer>`'s, its answer sent once
 * through the store's registry (so a `<RunViewer>` of the same run, or another tab, cannot send
 * it again). Once accepted, the item leaves the inbox and this with it.
 */
export function InboxPrompt({ item, messages, ...props }: InboxPromptProps) {
  const { taskId, toolCall } = item;
  const answer = useToolInput({ taskId }, props.client);
  useShowToolCall({ taskId, toolCallId: toolCall.toolCallId }, props.client);
  const state = answer.toolCallId === toolCall.toolCallId ? answer.state : 'idle';
  const form = useRef<HTMLFormElement>(null);
  const draft = useToolCallDraft({ taskId, toolCall, enabled: props.persistDrafts });
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button')?.focus();
  }, []);
  return (
    <div
      className="hitl-inbox-prompt"
      data-state={state}
      data-renderer={customRenderer(props.renderers, toolCall.tool.name) === undefined ? 'built-in' : 'custom'}
    >
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
