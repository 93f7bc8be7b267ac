/**
 * A tool part of an AI SDK UI message (`message.parts`, as `useChat` gives them): a `ToolUIPart`
 * (`type: 'tool-<name>'`) or a `DynamicToolUIPart` (`type: 'dynamic-tool'` with `toolName`).
 * Only the fields the adapter reads, so a part of that shape from any AI SDK version fits.
 */
export interface AiSdkToolPart {
  /** `'tool-<name>'`, or `'dynamic-tool'` for a tool only known at run time. */
  readonly type: string;
  /** The tool's name, on a `'dynamic-tool'` part. */
  readonly toolName?: string;
  readonly toolCallId: string;
  /** `'input-streaming'`, `'input-available'`, `'approval-requested'`, `'output-available'`… */
  readonly state: string;
  /** The tool's input as the model wrote it (agent-made). */
  readonly input?: unknown;
  /**
   * Set in state `'approval-requested'`: the id `addToolApprovalResponse` takes, and (AI SDK 7) the
   * reason the agent's `toolApproval` gave with `{ type: 'user-approval', reason }`.
   */
  readonly approval?: { readonly id: string; readonly requestReason?: string };
}

/** The tool's name of a part: what follows `tool-` in a static part's type, `toolName` in a dynamic one. */
export type AiSdkToolName<PART> = PART extends { readonly type: `tool-${infer NAME}` }
  ? NAME
  : PART extends { readonly toolName: infer NAME extends string }
    ? NAME
    : string;

export function toolName<PART extends AiSdkToolPart>(part: PART): AiSdkToolName<PART> {
  const name = part.type === 'dynamic-tool' ? part.toolName : part.type.startsWith('tool-') ? part.type.slice(5) : undefined;
  if (typeof name !== 'string' || name === '') throw new TypeError(`Not an AI SDK tool part: type "${String(part.type)}"`);
  return name as AiSdkToolName<PART>;
}

/** Throws unless the part is in `state`: a part in any other state has nothing to answer (yet). */
export function expectState(part: AiSdkToolPart, state: string, what: string): void {
  if (part.state !== state) {
    throw new TypeError(`${what} takes a tool part in state "${state}"; this one is "${String(part.state)}"`);
  }
}
