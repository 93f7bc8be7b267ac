import type { JsonSchema } from '../../client';
import type { HumanApprovalRequest, HumanSchemaRequest } from '../../request';
import { cutText, isRecord } from '../../utils';
import { interruptShape, type AgUiInterrupt } from './interrupt-shape';

/** The tool call a tool approval concerns: its name and arguments. */
export interface AgUiToolCallInfo {
  name: string;
  /** The arguments, as an object or as the JSON text the run's `TOOL_CALL_ARGS` events carried. Default: none. */
  args?: unknown;
}

/** A tool call as it stands in the agent's messages (`message.toolCalls`): the arguments are JSON text. */
export interface AgUiMessageToolCall {
  function: { name: string; arguments: string };
}

/** Options of `fromAgUiInterrupt`. */
export interface FromAgUiInterruptOptions {
  /**
   * The tool call a tool approval concerns, as the run's `TOOL_CALL_*` events told it: `{ name, args }`,
   * or the `ToolCall` of the agent's messages whose `id` is the interrupt's `toolCallId`. Default:
   * the interrupt's `metadata` (`toolCallName`, `toolName` or `name`, and `args` or
   * `toolCallArgs`), else the interrupt's `reason` as the name and no arguments.
   */
  toolCall?: AgUiToolCallInfo | AgUiMessageToolCall;
  /**
   * Whether a tool approval offers "Edit" (the agent takes `editedArgs`: its capabilities'
   * `humanInTheLoop.approveWithEdits`). Default: whether the interrupt's `responseSchema` has an
   * `editedArgs` property, AG-UI's sign that edits are allowed.
   */
  approveWithEdits?: boolean;
  /** The heading. Default: the interrupt's `reason` when it is a framework's own (not `tool_call`, `input_required` or `confirmation`), else the prompt's own. */
  title?: string;
  /**
   * The label of the one text field of an interrupt that names neither a schema nor a tool call;
   * pass your language's (e.g. the `request` messages' `responseLabel()`). Default: "Your response".
   */
  responseLabel?: string;
}

const NAME = 'fromAgUiInterrupt';
const CORE_REASONS = new Set(['tool_call', 'input_required', 'confirmation']);

class InterruptError extends TypeError {}

/**
 * The `HumanRequest` for an AG-UI `Interrupt`: a tool approval (a `toolCallId` with no
 * `responseSchema` or AG-UI's `{ approved, editedArgs? }` one) → approve or reject, and edit where
 * allowed; another `responseSchema` → a form of it; neither → one required text field (answered
 * with the text). `message` is shown, `expiresAt` is the deadline, and Cancel is allowed
 * (`cancelled`). The interrupt is untrusted: anything without an `id` throws a `TypeError`, and
 * texts over 10,000 characters are cut.
 */
export function fromAgUiInterrupt(
  interrupt: AgUiInterrupt,
  options: FromAgUiInterruptOptions = {},
): HumanSchemaRequest | HumanApprovalRequest {
  try {
    return readInterrupt(interrupt, options);
  } catch (error) {
    if (error instanceof InterruptError) throw error;
    // A getter or a proxy that throws: what arrives over the wire never does, so this is not an interrupt.
    throw new TypeError(`${NAME}: the interrupt could not be read`, { cause: error });
  }
}

function readInterrupt(interrupt: unknown, options: FromAgUiInterruptOptions): HumanSchemaRequest | HumanApprovalRequest {
  if (!isRecord(interrupt)) throw new InterruptError(`${NAME}: interrupt must be an AG-UI Interrupt object`);
  const { id, reason } = interrupt;
  if (typeof id !== 'string' || id === '') throw new InterruptError(`${NAME}: interrupt.id must be a non-empty string`);
  const reasonText = cut(reason);
  const base = {
    id,
    source: 'ag-ui',
    title: options.title ?? (reasonText !== undefined && !CORE_REASONS.has(reasonText) ? reasonText : undefined),
    message: cut(interrupt.message),
    deadline: typeof interrupt.expiresAt === 'string' ? interrupt.expiresAt : undefined,
    allows: { cancel: true },
  };
  const shape = interruptShape(interrupt);
  if (shape.kind === 'form') return { ...base, kind: 'form', schema: shape.schema };
  if (shape.kind === 'text') return { ...base, kind: 'form', schema: textSchema(options.responseLabel ?? 'Your response') };
  const properties = isRecord(shape.schema?.properties) ? shape.schema.properties : {};
  const call = toolCallOf(interrupt, options) ?? { name: reasonText ?? 'tool_call', args: undefined };
  const edit = options.approveWithEdits ?? Object.hasOwn(properties, 'editedArgs');
  const argsSchema = isRecord(properties.editedArgs) && isRecord(properties.editedArgs.properties) ? properties.editedArgs : undefined;
  return {
    ...base,
    // The action's heading already says it when the reason stands for the tool's name.
    title: base.title === call.name ? options.title : base.title,
    kind: 'approval',
    actions: [{ name: call.name, args: call.args, argsSchema, allowed: edit ? ['approve', 'edit', 'reject'] : ['approve', 'reject'] }],
  };
}

function toolCallOf(interrupt: Record<string, unknown>, options: FromAgUiInterruptOptions): { name: string; args: unknown } | undefined {
  const given: unknown = options.toolCall;
  if (isRecord(given)) {
    const call = isRecord(given.function) ? { name: given.function.name, args: given.function.arguments } : given;
    const name = cut(call.name);
    if (name !== undefined) return { name, args: parseArgs(call.args) };
  }
  const metadata = isRecord(interrupt.metadata) ? interrupt.metadata : {};
  const name = cut(metadata.toolCallName) ?? cut(metadata.toolName) ?? cut(metadata.name);
  return name === undefined ? undefined : { name, args: parseArgs(metadata.args ?? metadata.toolCallArgs) };
}

/** Arguments given as JSON text (AG-UI streams them so) become the value; any other text stays text. */
function parseArgs(args: unknown): unknown {
  if (typeof args !== 'string') return args;
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

function textSchema(label: string): JsonSchema {
  return { type: 'object', properties: { response: { type: 'string', title: label } }, required: ['response'] };
}

/** An agent-made text, cut after 10,000 characters; undefined unless a non-empty string. */
function cut(text: unknown): string | undefined {
  return typeof text === 'string' && text !== '' ? cutText(text) : undefined;
}
