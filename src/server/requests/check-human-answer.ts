import AjvModule, { type ValidateFunction } from 'ajv';
import { checkFormInput } from '../../schema';
import { isRecord } from '../../utils';
import { HUMAN_DECISION_TYPES, type HumanAction, type HumanDecisionType, type HumanRequest } from '../../request';
import { linearSchemaPattern, startPatternBudget } from './schema-pattern';

const DEFAULT_ALLOWED: readonly HumanDecisionType[] = ['approve', 'reject'];

/**
 * Whether `answer` is an answer `request` takes: `undefined` when it is, else one sentence saying
 * what is wrong (for a 400, so the person's page can say it). The answer is untrusted (a page sent
 * it): its `requestId` must be the request's `id`; `decline` and `cancel` only where `allows` says;
 * `expired` never (only the proxy says a deadline passed); `accept` with what the kind asks:
 * - a `form_input` form: `answer`, one `{ label, value }` per field in field order, with the
 *   field's label (a form whose parameters cannot be shown takes no `accept`);
 * - a schema form: `content`, an object valid against the schema (checked with ajv; a schema ajv
 *   cannot compile takes any object, as the prompt's JSON editor then does);
 * - an approval: `decisions`, one per action, each of a type the action allows (default approve
 *   or reject); `edit` with `args` (valid against the action's `argsSchema` when it has one),
 *   `respond` with a non-empty `message`, `reject` with an optional `message`; `always` (true or
 *   false) on an approve or a reject only where the action has `allowAlways`;
 * - a link: nothing else;
 * - a hand-off of the agent's browser: `control`, `{ done }` (true or false) with an optional
 *   `note` (text of at most 2000 characters); `expired` never (the deadline's answer is the
 *   proxy's `{ action: 'cancel', expired: true }`).
 * No other field is taken. Never throws, whatever `answer` is. A schema's `pattern`s run in linear
 * time (as the form's do), within a budget of work per answer: an agent's `^(a+)+$` cannot stall
 * the proxy; a pattern that has no linear-time matcher is not checked, as the page does not check it.
 */
export function checkHumanAnswer(request: HumanRequest, answer: unknown): string | undefined {
  startPatternBudget();
  try {
    return answerProblem(request, answer);
  } catch {
    return 'The answer could not be read.';
  }
}

function answerProblem(request: HumanRequest, answer: unknown): string | undefined {
  if (!isRecord(answer)) return 'An answer must be a JSON object.';
  if (answer.requestId !== request.id) return 'The answer\'s "requestId" is not this request\'s id.';
  const { action } = answer;
  if (action === 'decline' || action === 'cancel') {
    if (request.allows?.[action] !== true) return `This request cannot be answered with "${action}".`;
    if (action === 'cancel' && answer.expired !== undefined && answer.expired !== false)
      return 'Only the proxy says that a request expired: an answer cannot.';
    return extraField(answer, action === 'cancel' ? ['expired'] : []);
  }
  if (action !== 'accept') return 'The answer\'s "action" must be "accept", "decline" or "cancel".';
  if (request.kind === 'link') return extraField(answer, []);
  if (request.kind === 'control') return extraField(answer, ['control']) ?? controlProblem(answer.control);
  if (request.kind === 'approval') return extraField(answer, ['decisions']) ?? decisionsProblem(request.actions, answer.decisions);
  if (request.schema !== undefined) return extraField(answer, ['content']) ?? contentProblem(request.schema, answer.content);
  return extraField(answer, ['answer']) ?? formAnswerProblem(request.parameters, answer.answer);
}

/** The longest note a person may leave the agent on handing back: words, not a document. */
const MAX_CONTROL_NOTE_LENGTH = 2000;

function controlProblem(control: unknown): string | undefined {
  if (!isRecord(control) || typeof control.done !== 'boolean')
    return 'Accepting a hand-off needs "control": { "done": true or false, "note"?: text }.';
  if (control.expired !== undefined) return 'Only the proxy says that a request expired: an answer cannot.';
  const extra = Object.keys(control).find((key) => key !== 'done' && key !== 'note');
  if (extra !== undefined) return `The answer's "control" has a field it does not take: "${extra.slice(0, 100)}".`;
  if (control.note !== undefined && typeof control.note !== 'string') return 'The answer\'s "note" must be a text.';
  if (typeof control.note === 'string' && control.note.length > MAX_CONTROL_NOTE_LENGTH)
    return `The answer's "note" is longer than ${MAX_CONTROL_NOTE_LENGTH} characters.`;
  return undefined;
}

/** The first field of `answer` besides `requestId`, `action` and `allowed`, as a sentence. */
function extraField(answer: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  const extra = Object.keys(answer).find((key) => key !== 'requestId' && key !== 'action' && !allowed.includes(key));
  return extra === undefined ? undefined : `The answer has a field this request does not take: "${extra.slice(0, 100)}".`;
}

function formAnswerProblem(parameters: unknown, answer: unknown): string | undefined {
  const refused = checkFormInput(parameters).find((problem) => problem.severity === 'error');
  if (refused !== undefined) return `This form cannot be answered: ${refused.message}`;
  const fields: unknown[] = isRecord(parameters) && Array.isArray(parameters.fields) ? parameters.fields : [];
  if (!Array.isArray(answer)) return 'Accepting a form needs "answer", a list of { label, value }, one per field.';
  if (answer.length !== fields.length) return `The form has ${fields.length} fields; the answer has ${answer.length} entries.`;
  for (const [index, entry] of (answer as unknown[]).entries()) {
    const field = fields[index];
    const label = isRecord(field) && typeof field.label === 'string' ? field.label : '';
    if (!isRecord(entry) || entry.label !== label) return `Entry ${index + 1} of the answer must have the label of field ${index + 1}.`;
    if (!isAnswerValue(entry.value))
      return `Entry ${index + 1} of the answer must have a value: text, a number, true or false, null, or a list of texts and numbers.`;
  }
  return undefined;
}

const isScalar = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isAnswerValue = (value: unknown) =>
  value === null || typeof value === 'boolean' || isScalar(value) || (Array.isArray(value) && (value as unknown[]).every(isScalar));

function contentProblem(schema: Record<string, unknown>, content: unknown): string | undefined {
  if (!isRecord(content)) return 'Accepting this form needs "content", an object of its fields.';
  return schemaProblem(schema, content, 'The answer\'s "content"');
}

function decisionsProblem(actions: readonly HumanAction[], decisions: unknown): string | undefined {
  if (!Array.isArray(decisions)) return 'Accepting an approval needs "decisions", one per action.';
  if (decisions.length !== actions.length)
    return `The approval has ${actions.length} actions; the answer has ${decisions.length} decisions.`;
  for (const [index, decision] of (decisions as unknown[]).entries()) {
    const action = actions[index];
    if (action === undefined) return undefined;
    const which = `Decision ${index + 1}`;
    if (!isRecord(decision) || !HUMAN_DECISION_TYPES.includes(decision.type as HumanDecisionType))
      return `${which} must have a "type": approve, edit, reject or respond.`;
    const type = decision.type as HumanDecisionType;
    if (!(action.allowed ?? DEFAULT_ALLOWED).includes(type)) return `${which} is "${type}", which action ${index + 1} does not allow.`;
    const problem = alwaysProblem(decision, type, action, index);
    if (problem !== undefined) return problem;
    const keys = Object.keys(decision).filter((key) => key !== 'type' && key !== 'always');
    const takes = type === 'edit' ? ['args'] : type === 'approve' ? [] : ['message'];
    const extra = keys.find((key) => !takes.includes(key));
    if (extra !== undefined) return `${which} has a field a "${type}" does not take: "${extra.slice(0, 100)}".`;
    if (type === 'respond' && (typeof decision.message !== 'string' || decision.message.trim() === ''))
      return `${which} responds, and needs a "message": a non-empty text.`;
    if (type === 'reject' && decision.message !== undefined && typeof decision.message !== 'string')
      return `${which}'s "message" must be a text.`;
    if (type === 'edit') {
      if (decision.args === undefined) return `${which} edits, and needs the changed "args".`;
      if (action.argsSchema !== undefined) {
        const problem = schemaProblem(action.argsSchema, decision.args, `${which}'s "args"`);
        if (problem !== undefined) return problem;
      }
    }
  }
  return undefined;
}

/** `always` only on an approve or a reject, where the action allows it (`allowAlways`), as true or false. */
function alwaysProblem(decision: Record<string, unknown>, type: HumanDecisionType, action: HumanAction, index: number): string | undefined {
  if (decision.always === undefined) return undefined;
  const which = `Decision ${index + 1}`;
  if (type !== 'approve' && type !== 'reject') return `${which} is "${type}", which cannot be "always": only an approve or a reject can.`;
  if (action.allowAlways !== true)
    return `${which} says "always", which action ${index + 1} does not allow: its source cannot apply a decision to later calls.`;
  return typeof decision.always === 'boolean' ? undefined : `${which}'s "always" must be true or false.`;
}

/** Compiled schemas, by their JSON: the same request is answered again and again (a page per person). */
const validators = new Map<string, ValidateFunction | 'uncompilable'>();
const MAX_VALIDATORS = 200;
let ajv: AjvModule | undefined;

/** `subject` checked against `schema` with ajv: `undefined` when valid, or when ajv cannot compile the schema. */
function schemaProblem(schema: Record<string, unknown>, value: unknown, subject: string): string | undefined {
  // Any draft's `$schema` would make ajv look up a meta-schema it may not have (the keywords agents
  // use mean the same in every draft), and a second schema with the same `$id` would not compile.
  const { $schema: _schema, $id: _id, ...rest } = schema;
  const key = JSON.stringify(rest);
  let validate = validators.get(key);
  if (validate === undefined) {
    // ajv is CommonJS: its class is the module itself in Node, `default` in a bundle. Read here, not
    // when the module loads, so a page that never checks an answer leaves ajv out.
    const Ajv = (AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule;
    ajv ??= new Ajv({ allErrors: false, strict: false, logger: false, code: { regExp: linearSchemaPattern } });
    try {
      validate = ajv.compile(rest);
    } catch {
      validate = 'uncompilable';
    }
    // Each compiled schema stays in ajv's own cache too: a fresh instance lets them all go.
    if (validators.size >= MAX_VALIDATORS) {
      validators.clear();
      ajv = undefined;
    }
    validators.set(key, validate);
  }
  if (validate === 'uncompilable' || validate(value)) return undefined;
  const error = validate.errors?.[0];
  const where = error === undefined || error.instancePath === '' ? '' : ` at ${error.instancePath}`;
  return `${subject} does not fit the request's schema${where}: ${error?.message ?? 'it is not valid'}.`;
}
