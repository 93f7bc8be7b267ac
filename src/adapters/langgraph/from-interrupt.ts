import type { HumanAction, HumanApprovalRequest } from '../../request';
import { cutText } from '../../utils';
import { readInterrupt } from './interrupt-value';

/** Options of `fromInterrupt`. */
export interface FromInterruptOptions {
  /**
   * The request's id, under which its drafts are kept. Default: the interrupt's own `id` when given
   * `{ id, value }` (as in `result.__interrupt__`), else an id derived from the value's content.
   */
  id?: string;
  /** Who asks, shown as "Requested by …" and in the inbox's list: the agent's or graph's name. Default: the source's name. */
  requestedBy?: string;
}

/**
 * The approval a LangGraph interrupt asks for, from its value or from the interrupt itself
 * (`result.__interrupt__[0]`, typed `Interrupt<unknown>`: the value is agent-made and checked here):
 * - `humanInTheLoopMiddleware`'s request (LangChain 1.x, or LangChain for Python in snake_case):
 *   one action per tool call, each allowing the decisions its review config lists, "Edit" as a form
 *   when the config has an `argsSchema`.
 * - agent-inbox's `HumanInterrupt`, or a list of them: one action each, allowing "Approve" (accept),
 *   "Edit" (edit) and "Respond" (response) as its config says; "Decline" (ignore) when every one
 *   allows ignore.
 *
 * Names and descriptions are agent-made: shown as text, cut after 10,000 characters. Throws a
 * `TypeError` for any other value.
 */
export function fromInterrupt(interrupt: unknown, options: FromInterruptOptions = {}): HumanApprovalRequest {
  const read = readInterrupt(interrupt, options.id);
  return {
    kind: 'approval',
    id: read.id,
    source: 'langgraph',
    ...(options.requestedBy === undefined ? {} : { requestedBy: options.requestedBy }),
    actions: read.actions.map(({ name, args, description, allowed, argsSchema }) => {
      // Cut for the page only: the answer names the action in full (`editedAction.name`).
      const action: HumanAction = { name: cutText(name), args };
      if (description !== undefined) action.description = cutText(description);
      if (argsSchema) action.argsSchema = argsSchema;
      if (allowed) action.allowed = allowed;
      return action;
    }),
    ...(read.decline && { allows: { decline: true } }),
  };
}
