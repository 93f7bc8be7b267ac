import type { JsonSchema } from '../../client';
import type { HumanAnswer, HumanSchemaRequest } from '../../request';
import { cutText, isRecord } from '../../utils';
import { mastraId, mastraIdParts, SOURCE } from './mastra-ids';

/** A workflow step that called `suspend(payload)`, as the run's result tells it, with the step's `resumeSchema`. */
export interface MastraSuspendedStep {
  /** The run (`run.runId`). */
  runId: string;
  /** The step's id, or its path in nested workflows (`result.suspended[0]`): what `run.resume({ step })` takes. */
  stepId: string | readonly string[];
  /**
   * What the step passed to `suspend()` (`result.steps[stepId].suspendPayload`); its `message`,
   * else its `reason`, is shown when it is a text. Default: none.
   */
  suspendPayload?: unknown;
  /**
   * The JSON Schema of the step's `resumeSchema` (zod's `z.toJSONSchema(resumeSchema)`, or Mastra's
   * own `standardSchemaToJSONSchema(step.resumeSchema)` from `@mastra/core/schema`), as an object or
   * as JSON text; the form asks for an object of it. Any object type is taken (Mastra's is
   * `JSONSchema7`, an interface with no index signature), checked when read. Required.
   */
  resumeSchema: object | string;
  /** The heading. Default: the prompt's own. */
  title?: string;
  /** Who asks, shown as "Requested by …" and in the inbox's list: the workflow's name. Default: the source's name. */
  requestedBy?: string;
}

const FROM = 'fromSuspendedStep';

/**
 * The form a suspended Mastra workflow step asks for: its `resumeSchema` as a form (a schema no
 * form covers as a JSON editor), the suspend payload's `message` (or `reason`) under the heading.
 * The id is made of the run's id and the step's. Throws a `TypeError` without a `runId`, a step, or
 * a `resumeSchema` that is a JSON Schema object.
 */
export function fromSuspendedStep(step: MastraSuspendedStep): HumanSchemaRequest {
  if (!isRecord(step)) throw new TypeError(`${FROM}: step must be { runId, stepId, resumeSchema }`);
  const { runId, stepId } = step;
  const path: unknown[] = Array.isArray(stepId) ? stepId : [stepId];
  if (typeof runId !== 'string' || runId === '') throw new TypeError(`${FROM}: runId must be the run's id`);
  if (path.length === 0 || !path.every((id): id is string => typeof id === 'string' && id !== ''))
    throw new TypeError(`${FROM}: stepId must be the step's id or its path`);
  const schema = readSchema(step.resumeSchema);
  const payload = isRecord(step.suspendPayload) ? step.suspendPayload : {};
  const message = [payload.message, payload.reason].find((text): text is string => typeof text === 'string' && text !== '');
  return {
    kind: 'form',
    // The path's parts joined by ':' too: a step named "a:b" is encoded, so never the path [a, b].
    id: mastraId('step', [runId, ...path], FROM),
    source: SOURCE,
    schema,
    ...(step.title === undefined ? {} : { title: step.title }),
    ...(message === undefined ? {} : { message: cutText(message) }),
    ...(step.requestedBy === undefined ? {} : { requestedBy: step.requestedBy }),
  };
}

function readSchema(schema: unknown): JsonSchema {
  let read = schema;
  if (typeof schema === 'string') {
    try {
      read = JSON.parse(schema) as unknown;
    } catch {
      read = undefined;
    }
  }
  if (!isRecord(read)) throw new TypeError(`${FROM}: resumeSchema must be a JSON Schema object (e.g. z.toJSONSchema(resumeSchema))`);
  return read;
}

/**
 * The `resumeData` of `run.resume({ step, resumeData })` for the person's answer to a request of
 * `fromSuspendedStep`: the form's object, in the schema's types. With `request`, an answer to
 * another request (a stale one, another step's) throws a `TypeError`. A decline or a cancel (the
 * deadline) has no `resumeData`: it throws a `TypeError` too; cancel the run (`run.cancel()`) instead.
 */
export function toResumeData(answer: HumanAnswer, request?: HumanSchemaRequest): Record<string, unknown> {
  const NAME = 'toResumeData';
  if (!isRecord(answer)) throw new TypeError(`${NAME}: answer must be a HumanAnswer`);
  if (request !== undefined) {
    if (!isRecord(request) || mastraIdParts('step', request.id) === undefined)
      throw new TypeError(`${NAME}: request must be the one fromSuspendedStep made`);
    if (answer.requestId !== request.id)
      throw new TypeError(`${NAME}: the answer is not to this request (a stale answer, or another step's)`);
  }
  if (answer.action !== 'accept') throw new TypeError(`${NAME}: a "${String(answer.action)}" has no resumeData; cancel the run instead`);
  if (!('content' in answer) || !isRecord(answer.content)) throw new TypeError(`${NAME}: the answer has no form's content`);
  return answer.content;
}
