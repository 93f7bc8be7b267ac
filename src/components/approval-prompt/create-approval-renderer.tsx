import type { ReactNode } from 'react';
import type { ToolRendererProps } from '../tool-call-prompt';
import { ApprovalPrompt, type ApprovalPromptProps } from './approval-prompt';

/** How `createApprovalRenderer` configures `<ApprovalPrompt>` for one tool; each as the prop of the same name. */
export type ApprovalRendererOptions = Pick<
  ApprovalPromptProps,
  'answer' | 'editable' | 'messages' | 'headingLevel' | 'agentNotice' | 'className'
>;

/**
 * A renderer for `renderers` (`<RunViewer>`, `<ToolCallPrompt>`): `<ApprovalPrompt>` with `options`
 * for one tool, e.g. its answer shape and heading. Call it once, outside render (a module constant
 * or `useMemo`): a new component on every render would remount the prompt and lose what was typed.
 *
 * ```tsx
 * const renderers = {
 *   approve_purchase: createApprovalRenderer({ messages: { heading: () => 'Approve this purchase?' } }),
 * };
 * ```
 */
// A plain function type, not `ComponentType`: a renderer for any tool then fits the slot of a typed one.
export function createApprovalRenderer(options: ApprovalRendererOptions = {}): (props: ToolRendererProps) => ReactNode {
  function ApprovalRenderer(props: ToolRendererProps) {
    return <ApprovalPrompt {...options} {...props} />;
  }
  return ApprovalRenderer;
}
