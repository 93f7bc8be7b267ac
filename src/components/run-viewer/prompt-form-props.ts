import type { ToolCallPromptProps } from '../tool-call-prompt';

/** What `<RunViewer formProps>` (and `<Inbox formProps>`) passes through to `<ToolCallPrompt>`. */
export type RunViewerFormProps = Pick<
  ToolCallPromptProps,
  'messages' | 'classNamePolicy' | 'autocompletePolicy' | 'agentNotice' | 'onInvalidParameters'
>;

/**
 * The prompt's props from a `formProps`: these five only, whatever else the object holds. A module
 * of its own: the viewer and the inbox read it, and the viewer loads the prompt only on demand.
 */
export function promptFormProps(formProps: RunViewerFormProps | undefined): RunViewerFormProps {
  return {
    messages: formProps?.messages,
    classNamePolicy: formProps?.classNamePolicy,
    autocompletePolicy: formProps?.autocompletePolicy,
    agentNotice: formProps?.agentNotice,
    onInvalidParameters: formProps?.onInvalidParameters,
  };
}
