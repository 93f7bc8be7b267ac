import { TASK_ENDPOINTS, type TaskEndpoint } from './task-endpoints';

const ENDPOINTS: readonly TaskEndpoint[] = Object.values(TASK_ENDPOINTS);

/** What `matchTaskEndpoint` found for a pathname. */
export interface EndpointMatch {
  /** Endpoints whose path matches, whatever their method. */
  endpoints: TaskEndpoint[];
  /** The decoded `{taskId}`, when the path has one. */
  taskId: string | undefined;
}

/**
 * Matches an encoded URL pathname against the protocol table.
 *
 * Returns `undefined` for any other path, including trailing slashes, empty segments and a
 * `{taskId}` that does not decode. No literal path has the shape of a `{taskId}` path, so
 * `/api/v1/task/create` can never be read as a task called "create".
 */
export function matchTaskEndpoint(pathname: string): EndpointMatch | undefined {
  const segments = pathname.split('/');
  const endpoints: TaskEndpoint[] = [];
  let taskId: string | undefined;
  for (const endpoint of ENDPOINTS) {
    const pattern = endpoint.path.split('/');
    if (pattern.length !== segments.length) continue;
    let candidate: string | undefined;
    const matches = pattern.every((expected, i) => {
      const actual = segments[i] as string;
      if (expected !== '{taskId}') return expected === actual;
      candidate = decodeSegment(actual);
      return candidate !== undefined && candidate !== '';
    });
    if (!matches) continue;
    endpoints.push(endpoint);
    taskId = candidate;
  }
  return endpoints.length === 0 ? undefined : { endpoints, taskId };
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Whether a decoded path parameter could change the shape of a path it is put back into:
 * a slash or backslash would add segments; `.`/`..` are dot segments that URL parsers resolve
 * even when percent-encoded; a percent sequence left after decoding was encoded twice, which
 * a server that decodes again would read as one of those; control characters have no place
 * in an id.
 */
export function isUnsafePathParameter(value: string): boolean {
  return value === '.' || value === '..' || /[/\\]|%[0-9a-f]{2}/i.test(value) || hasControlCharacter(value);
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

/**
 * The path of an endpoint with its `{taskId}` filled in, percent-encoded.
 *
 * Throws a `RangeError` for a task id that is empty, `.` or `..`: encodeURIComponent leaves dots
 * alone, and URL parsing resolves `.`/`..` segments (even percent-encoded), so such an id would
 * silently address another path.
 */
export function buildEndpointPath(endpoint: TaskEndpoint, taskId: string | undefined): string {
  if (!endpoint.path.includes('{taskId}')) return endpoint.path;
  if (typeof taskId !== 'string' || taskId === '' || taskId === '.' || taskId === '..') {
    throw new RangeError(`taskId must be a non-empty string other than "." and "..", got ${JSON.stringify(taskId)}`);
  }
  return endpoint.path.replace('{taskId}', encodeURIComponent(taskId));
}
