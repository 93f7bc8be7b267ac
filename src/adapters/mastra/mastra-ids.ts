import { MAX_HUMAN_REQUEST_ID_LENGTH } from '../../request';

export const SOURCE = 'mastra';

/**
 * A request's id from Mastra's own ids: `mastra:tool:<runId>:<toolCallId>` for a tool call,
 * `mastra:step:<runId>:<step path>` for a workflow step, each part encoded so that none runs into
 * the next (a tool call and a step of one run never share an id). Throws a `TypeError` when
 * longer than a request's id may be.
 */
export function mastraId(kind: 'tool' | 'step', parts: readonly string[], what: string): string {
  const id = [SOURCE, kind, ...parts.map(encodeURIComponent)].join(':');
  if (id.length > MAX_HUMAN_REQUEST_ID_LENGTH) throw new TypeError(`${what}: the run's and the call's ids are too long for a request's id`);
  return id;
}

/** The parts of an id `mastraId(kind, …)` made; undefined for any other id. */
export function mastraIdParts(kind: 'tool' | 'step', id: unknown): string[] | undefined {
  if (typeof id !== 'string') return undefined;
  const [source, idKind, ...parts] = id.split(':');
  if (source !== SOURCE || idKind !== kind) return undefined;
  try {
    return parts.map(decodeURIComponent);
  } catch {
    return undefined;
  }
}
