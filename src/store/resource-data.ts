import { isGifStatus, isRunResult, isRunStatus, toRunResult, toRunStatus } from '../client';
import { isRecord } from '../utils';
import type { ResourceKey } from './resource-key';

/**
 * Data the store could not use: a custom `TaskClient` or event source handed it something other
 * than the wire format (a status that is `null`, a number, an object without `status`), or
 * handling it threw. It becomes the resource's error: Retry asks again, and polling goes on with
 * backoff, since the next answer may well be usable.
 */
export class UnusableDataError extends Error {
  override readonly name = 'UnusableDataError';
  readonly resource: ResourceKey['resource'];

  constructor(resource: ResourceKey['resource'], options?: { cause?: unknown }) {
    super(`The ${LABELS[resource]} from the service could not be used: it is not in the expected format.`, options);
    this.resource = resource;
  }
}

const LABELS: Record<ResourceKey['resource'], string> = {
  status: 'run status',
  result: 'run result',
  gif: 'recording status',
  'tasks-page': 'list of tasks',
  'runs-page': 'list of runs',
  check: 'key check',
  requests: 'requests',
};

const isCount = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** A page of a list, with items that have an `id` (spec §2.3, §2.4, §2.8). */
const isPage = (data: unknown) =>
  isRecord(data) &&
  Array.isArray(data.data) &&
  data.data.every((item) => isRecord(item) && typeof item.id === 'string') &&
  isCount(data.total) &&
  isCount(data.page) &&
  isCount(data.limit);

/**
 * The data of `resource` as the store keeps it, from a client or an event source other than
 * `createTaskClient`'s (whose data its own checks read already), checked with the same guards
 * (only the top level is looked at, so the depth of the rest costs nothing). Throws
 * `UnusableDataError` when the shape is wrong, or when merely looking at it throws (a getter, a proxy).
 */
export function readResourceData(resource: ResourceKey['resource'], data: unknown): unknown {
  try {
    switch (resource) {
      case 'status':
        if (isRunStatus(data)) return toRunStatus(data);
        break;
      case 'result':
        if (isRunResult(data)) return toRunResult(data);
        break;
      case 'gif':
        if (isGifStatus(data)) return data;
        break;
      case 'tasks-page':
      case 'runs-page':
        if (isPage(data)) return data;
        break;
      case 'check':
        if (typeof data === 'boolean') return data;
        break;
      // The proxy's requests are never checked here: the store's own `fetchRequests` sorted them out.
    }
  } catch (cause) {
    throw new UnusableDataError(resource, { cause });
  }
  throw new UnusableDataError(resource);
}
