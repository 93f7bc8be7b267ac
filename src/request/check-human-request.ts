import { isRecord } from '../utils';
import type { HumanDecisionType } from './human-request';

/** Longest request id taken: an id is a key of the proxy's store and part of an address. */
export const MAX_HUMAN_REQUEST_ID_LENGTH = 1000;

const KINDS: readonly string[] = ['form', 'approval', 'link', 'control'];
/** Every `HumanDecisionType`, for code that reads one from the wire. */
export const HUMAN_DECISION_TYPES: readonly HumanDecisionType[] = Object.freeze(['approve', 'edit', 'reject', 'respond']);

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';
const optionalBoolean = (value: unknown) => value === undefined || typeof value === 'boolean';

/**
 * Whether `value` is a well-formed `HumanRequest`: `undefined` when it is, else one sentence saying
 * what is wrong. Only the shape is checked (what every prompt and the proxy rely on); the
 * agent-made parts (a form's `parameters`, a schema, an action's `args`) are checked where they
 * are shown, as a framework's own request is. Never throws, whatever `value` is.
 */
export function checkHumanRequest(value: unknown): string | undefined {
  try {
    return readProblem(value);
  } catch {
    // A getter or a proxy that throws: nothing a source sends as JSON does.
    return 'The request could not be read.';
  }
}

function readProblem(request: unknown): string | undefined {
  if (!isRecord(request)) return 'A request must be an object.';
  const { id, source, kind } = request;
  if (typeof id !== 'string' || id === '') return 'The request needs an "id", a non-empty string.';
  if (id.length > MAX_HUMAN_REQUEST_ID_LENGTH) return `The request's "id" is longer than ${MAX_HUMAN_REQUEST_ID_LENGTH} characters.`;
  if (typeof source !== 'string' || source === '') return 'The request needs a "source", a non-empty string.';
  if (typeof kind !== 'string' || !KINDS.includes(kind)) return 'The request\'s "kind" must be "form", "approval", "link" or "control".';
  if (!optionalString(request.title)) return 'The request\'s "title" must be a string.';
  if (!optionalString(request.message)) return 'The request\'s "message" must be a string.';
  const { deadline, allows } = request;
  if (deadline !== undefined && typeof deadline !== 'string' && !(typeof deadline === 'number' && Number.isFinite(deadline)))
    return 'The request\'s "deadline" must be an ISO 8601 time or milliseconds since the epoch.';
  if (allows !== undefined && !(isRecord(allows) && optionalBoolean(allows.decline) && optionalBoolean(allows.cancel)))
    return 'The request\'s "allows" must be an object of "decline" and "cancel", each true or false.';
  if (kind === 'form') return formProblem(request);
  if (kind === 'approval') return approvalProblem(request.actions);
  if (kind === 'control') {
    if (typeof request.liveUrl !== 'string') return 'A control request needs a "liveUrl", the live view\'s address.';
    return optionalString(request.instructions) ? undefined : 'A control request\'s "instructions" must be a string.';
  }
  return typeof request.url === 'string' ? undefined : 'A link request needs a "url", a string.';
}

function formProblem(request: Record<string, unknown>): string | undefined {
  const { parameters, schema } = request;
  const hasParameters = parameters !== undefined && parameters !== null;
  if (hasParameters === (schema !== undefined))
    return 'A form request needs either "parameters" (a form_input form) or "schema" (a JSON Schema), not both.';
  if (schema !== undefined && !isRecord(schema)) return 'A form request\'s "schema" must be a JSON Schema object.';
  if (!optionalString(request.submitLabel)) return 'A form request\'s "submitLabel" must be a string.';
  return undefined;
}

function approvalProblem(actions: unknown): string | undefined {
  if (!Array.isArray(actions) || actions.length === 0) return 'An approval request needs "actions", a list of at least one action.';
  for (const [index, action] of (actions as unknown[]).entries()) {
    const which = `Action ${index + 1}`;
    if (!isRecord(action)) return `${which} must be an object.`;
    if (typeof action.name !== 'string') return `${which} needs a "name", a string.`;
    if (!optionalString(action.description)) return `${which}'s "description" must be a string.`;
    if (action.argsSchema !== undefined && !isRecord(action.argsSchema)) return `${which}'s "argsSchema" must be a JSON Schema object.`;
    const { allowed } = action;
    if (
      allowed !== undefined &&
      !(Array.isArray(allowed) && (allowed as unknown[]).every((type) => HUMAN_DECISION_TYPES.includes(type as HumanDecisionType)))
    )
      return `${which}'s "allowed" must list decisions of approve, edit, reject and respond.`;
    if (!optionalBoolean(action.allowAlways)) return `${which}'s "allowAlways" must be true or false.`;
  }
  return undefined;
}
