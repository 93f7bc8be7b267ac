import { MAX_HUMAN_REQUEST_ID_LENGTH } from '../../request';
import { contentHash, isRecord } from '../../utils';

/**
 * One interruption of an OpenAI Agents SDK run (`result.interruptions`, `state.getInterruptions()`):
 * the SDK's `RunToolApprovalItem`, or its JSON (`item.toJSON()`). Only the fields the adapter reads,
 * checked at run time: the SDK's `RunToolApprovalItem` fits.
 */
export interface OpenAIAgentsToolApproval {
  /** `'tool_approval_item'`. */
  readonly type?: string;
  /** The call the model made: a `function_call` has `callId`, `name` and `arguments` (JSON text). */
  readonly rawItem: {
    readonly type?: string;
    readonly callId?: string;
    readonly id?: string;
    readonly name?: string;
    readonly arguments?: string;
  };
  /** The tool's name (the SDK's getter: `rawItem.name`, or the name it tracks approvals by). */
  readonly name?: string | undefined;
  /** The tool's name in the item's JSON. */
  readonly toolName?: string | undefined;
  /** The arguments as JSON text (the SDK's getter). */
  readonly arguments?: string | undefined;
  /** The agent whose tool it is. */
  readonly agent?: { readonly name?: string };
}

/** What the adapter reads of one interruption. */
export interface ReadCall<ITEM> {
  item: ITEM;
  callId: string;
  name: string;
  args: unknown;
  agent: string | undefined;
}

export const SOURCE = 'openai-agents';
const PREFIX = `${SOURCE}:`;
/** Marks an id made of a hash of the call ids: `encodeURIComponent` never leaves a `#`. */
const HASHED = '#';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The interruptions (untrusted) read in order; throws a `TypeError` naming `what` for anything else. */
export function readCalls<ITEM>(interruptions: unknown, what: string): ReadCall<ITEM>[] {
  if (!Array.isArray(interruptions) || interruptions.length === 0)
    throw new TypeError(`${what}: interruptions must be a non-empty list of the run's RunToolApprovalItems`);
  const seen = new Set<string>();
  return (interruptions as unknown[]).map((item, index) => {
    const which = `${what}: interruption ${index + 1}`;
    if (!isRecord(item) || !isRecord(item.rawItem)) throw new TypeError(`${which} is not a RunToolApprovalItem`);
    const raw = item.rawItem;
    // A function call's `callId`; a hosted tool's approval has only its item's `id`.
    const callId = text(raw.callId) ?? text(raw.id);
    if (callId === undefined) throw new TypeError(`${which} has no call id (rawItem.callId)`);
    if (seen.has(callId)) throw new TypeError(`${which} repeats call id "${callId.slice(0, 100)}"`);
    seen.add(callId);
    const name = text(item.name) ?? text(item.toolName) ?? text(raw.name) ?? text(raw.type);
    if (name === undefined) throw new TypeError(`${which} names no tool`);
    const args = item.arguments ?? raw.arguments;
    return {
      item: item as ITEM,
      callId,
      name,
      // A shell or patch call has no arguments: its action or operation is what it does.
      args: typeof args === 'string' ? parseArgs(args) : (raw.action ?? raw.operation),
      agent: isRecord(item.agent) ? text(item.agent.name) : undefined,
    };
  });
}

/** JSON text as its value; anything else (the model's text is not always JSON) as the text itself. */
function parseArgs(args: string): unknown {
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

/**
 * The request's id: the call ids in order, which the model's provider makes unique, each encoded
 * so that none can run into the next; a hash of them where that would be too long.
 */
export function requestIdOf(callIds: readonly string[]): string {
  const id = PREFIX + callIds.map(encodeURIComponent).join(',');
  return id.length <= MAX_HUMAN_REQUEST_ID_LENGTH ? id : `${PREFIX}${HASHED}${callIds.length}:${contentHash(callIds)}`;
}

/** The call ids in the order of the request's actions, from its id; undefined for a hashed id or another source's. */
export function callIdsOf(requestId: string): string[] | undefined {
  if (!requestId.startsWith(PREFIX) || requestId.startsWith(PREFIX + HASHED)) return undefined;
  try {
    return requestId.slice(PREFIX.length).split(',').map(decodeURIComponent);
  } catch {
    return undefined;
  }
}
