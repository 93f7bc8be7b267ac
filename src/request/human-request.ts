import type { JsonSchema } from '../client';
import type { FormAnswer, FormInputParameters } from '../schema';

/**
 * Which answers a request takes besides its main one (the form's submit, the approval's decisions,
 * the link's "I have finished"). Each source allows what its protocol can carry: MCP both, AG-UI
 * cancel, LangChain and the AI SDK neither (a rejection is their "no").
 */
export interface HumanRequestAllows {
  /** "Decline": the person refuses to answer (MCP's `decline`). Default: false. */
  decline?: boolean;
  /** "Cancel": the person dismisses the request without deciding (MCP's `cancel`, AG-UI's `cancelled`). Default: false. */
  cancel?: boolean;
}

/** What every request has, whatever it asks. */
interface HumanRequestBase {
  /**
   * The request at its source (MCP's `elicitationId` or a JSON-RPC id, the AI SDK's approval id,
   * a LangGraph interrupt id, an AG-UI `Interrupt.id`, the OpenAI Agents SDK's call ids, Mastra's
   * run and tool call or step, a task's `toolCallId`): a new id starts the
   * prompt afresh, and the drafts are kept under it. Required.
   */
  id: string;
  /**
   * The framework it came from, for the inbox and the stories: `'mcp'`, `'ai-sdk'`, `'langgraph'`,
   * `'ag-ui'`, `'openai-agents'`, `'mastra'`, `'task-service'` or yours. Required.
   */
  source: string;
  /** The heading; agent-made text. Default: the kind's own ("Input requested", "Approval requested", "Visit a page"). */
  title?: string;
  /** Shown under the heading; agent-made text, never HTML. Default: none. */
  message?: string;
  /**
   * When the request stops being answerable: an ISO 8601 time (AG-UI's `expiresAt`) or epoch
   * milliseconds. The prompt shows the time left and, at the deadline, closes and answers
   * `{ action: 'cancel', expired: true }`. A time that does not parse is no deadline. Default: none.
   */
  deadline?: string | number;
  /** Answers the source allows besides the main one. Default: neither decline nor cancel. */
  allows?: HumanRequestAllows;
  /**
   * Who asks, in words: an MCP server's name, an agent's or graph's name; agent-made text, shown as
   * 'Requested by …' and in the inbox's list. Default: the source's name ('MCP server', 'LangGraph agent', …).
   */
  requestedBy?: string;
}

/**
 * A form, given as the `parameters` of a `form_input` call (spec §2.9: the task service's tool, and
 * an AI SDK client-side tool taking them), answered with a `FormAnswer`.
 */
export interface HumanFormInputRequest extends HumanRequestBase {
  kind: 'form';
  /** The fields, heading and submit label, as an agent wrote them (untrusted, checked at run time). */
  parameters: FormInputParameters | NonNullable<unknown>;
  schema?: undefined;
}

/**
 * A form, given as the JSON Schema of the object to answer (MCP's `requestedSchema`, AG-UI's
 * `responseSchema`): each property a field (string, number, integer, boolean, a single choice of
 * `enum`/`oneOf`/`enumNames`, a multiple choice of `items.enum`/`items.anyOf`), answered with
 * `content`, the object with the schema's types. A schema a form cannot render (nested objects,
 * `$ref`) gets a JSON editor instead, with a note saying why.
 */
export interface HumanSchemaRequest extends HumanRequestBase {
  kind: 'form';
  /** The object's schema (untrusted): `type: 'object'`, `properties`, `required`. */
  schema: JsonSchema;
  parameters?: undefined;
  /** The submit button's text. Default: "Submit". */
  submitLabel?: string;
}

/** What one action of an approval allows the person to do. */
export type HumanDecisionType = 'approve' | 'edit' | 'reject' | 'respond';

/** One action the agent wants to take, to approve, reject or edit. */
export interface HumanAction {
  /** The tool or action name, shown as the action's heading; agent-made text. */
  name: string;
  /** The arguments as the agent gave them (any JSON), shown as text and edited by "Edit". */
  args: unknown;
  /** Why the agent wants it, shown above the arguments; agent-made text. Default: none. */
  description?: string;
  /**
   * The schema of `args`: names the arguments by their `title`, and a flat object schema makes
   * "Edit" a form of fields (else a JSON editor). Default: none.
   */
  argsSchema?: JsonSchema;
  /**
   * What the person may decide: `approve`, `reject` (with an optional reason), `edit` (approve
   * with changed arguments), `respond` (answer in words instead). Default: `['approve', 'reject']`.
   */
  allowed?: readonly HumanDecisionType[];
  /**
   * Whether an approve or a reject may say `always: true`, which the source applies to this tool's
   * later calls too, without asking again (the OpenAI Agents SDK's `alwaysApprove` and
   * `alwaysReject`, for the rest of the run). Only a source that can do so sets it. Default: false.
   */
  allowAlways?: boolean;
}

/** An approval of one or more actions, each decided on its own (LangChain's `actionRequests`). */
export interface HumanApprovalRequest extends HumanRequestBase {
  kind: 'approval';
  /** The actions, in the order the source lists them; the answer's `decisions` follow it. At least one. */
  actions: readonly HumanAction[];
}

/** A page the person must visit and finish on (MCP's URL mode: a sign-in, a payment). */
export interface HumanLinkRequest extends HumanRequestBase {
  kind: 'link';
  /** The page; only `http:` and `https:` addresses are shown as a link, anything else as refused text. */
  url: string;
}

/**
 * A hand-off of the agent's browser: the person takes control of its live view, does what the agent
 * cannot (a CAPTCHA, a passkey, a cookie wall) and hands back, answered with `control`. The
 * request's `message` says why the agent asks (its `reason`); without a `title` the heading is
 * "Take control".
 */
export interface HumanControlRequest extends HumanRequestBase {
  kind: 'control';
  /**
   * The live view of the agent's browser (a task run's `liveStatus`, a Browserbase, Steel or Browser
   * Use live-view address). Untrusted: only an `http:` or `https:` address is framed, anything else
   * is shown as refused text. Required.
   */
  liveUrl: string;
  /** What the person should do there, in the agent's words; agent-made text, never HTML. Default: none. */
  instructions?: string;
}

/** Something an agent needs from a person, whichever framework asked: a form, an approval, a page to visit, or its browser taken over. */
export type HumanRequest = HumanFormInputRequest | HumanSchemaRequest | HumanApprovalRequest | HumanLinkRequest | HumanControlRequest;

/**
 * How a hand-off ended, as a control request's answer carries it (and the `human_control` tool's
 * input says it, as JSON):
 * - `{ done: true, note? }`: the person handed back, having done it ("Hand back");
 * - `{ done: false, note? }`: the person could not do it ("I could not do it");
 * - `{ done: false, expired: true }`: the deadline passed first. No page says so: the request's
 *   answer is then `{ action: 'cancel', expired: true }`, as for every kind, and `controlOutcome`
 *   reads it as this.
 * `note` is the person's words for the agent (optional, never empty).
 */
export type HumanControlOutcome =
  { readonly done: true; readonly note?: string } | { readonly done: false; readonly note?: string; readonly expired?: boolean };

/**
 * The person's decision on one action of an approval. `always: true` on an approve or a reject (only
 * where the action has `allowAlways`) applies it to the tool's later calls too.
 */
export type HumanDecision =
  | { readonly type: 'approve'; readonly always?: boolean }
  | { readonly type: 'edit'; readonly args: unknown }
  | { readonly type: 'reject'; readonly message?: string; readonly always?: boolean }
  | { readonly type: 'respond'; readonly message: string };

/**
 * What the person answered; `requestId` is the request's `id`.
 * - `accept` with `answer`: a `form_input` form's answer; with `content`: a schema form's object;
 *   with `decisions`: one per action of an approval, in order; with `control`: how a hand-off of
 *   the agent's browser ended (`{ done, note? }`); with none of them: a link visited.
 * - `decline`: the person refused (where `allows.decline`).
 * - `cancel`: dismissed (where `allows.cancel`), or `expired` at the deadline.
 */
export type HumanAnswer =
  | { readonly requestId: string; readonly action: 'accept'; readonly answer: FormAnswer }
  | { readonly requestId: string; readonly action: 'accept'; readonly content: Record<string, unknown> }
  | { readonly requestId: string; readonly action: 'accept'; readonly decisions: readonly HumanDecision[] }
  | { readonly requestId: string; readonly action: 'accept' }
  | { readonly requestId: string; readonly action: 'decline' }
  | { readonly requestId: string; readonly action: 'cancel'; readonly expired?: boolean }
  | { readonly requestId: string; readonly action: 'accept'; readonly control: HumanControlOutcome };
