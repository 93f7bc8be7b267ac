/**
 * The ten endpoints of the task service (spec §4), as one table shared by the proxy and the
 * simulated service, so both agree on exactly which method/path pairs exist and which query
 * parameters each one takes.
 */

export type TaskEndpointName =
  | 'createTask'
  | 'listTasks'
  | 'listRuns'
  | 'getRunStatus'
  | 'getRunResult'
  | 'getRunGif'
  | 'submitToolInput'
  | 'stopRun'
  | 'stopTask'
  | 'checkApiKey';

export interface TaskEndpoint {
  name: TaskEndpointName;
  method: 'GET' | 'POST' | 'PUT';
  /** Path as written in the spec, with a `{taskId}` placeholder where the endpoint has one. */
  template: string;
  /** The query parameters the endpoint takes; any other is dropped by the proxy. */
  query: readonly string[];
  /** Whether the endpoint takes a JSON body. */
  hasBody: boolean;
}

export const TASK_ENDPOINTS: readonly TaskEndpoint[] = [
  { name: 'createTask', method: 'POST', template: '/api/v1/task/create', query: [], hasBody: true },
  { name: 'listTasks', method: 'GET', template: '/api/v1/tasks', query: ['page', 'limit'], hasBody: false },
  { name: 'listRuns', method: 'GET', template: '/api/v1/task/{taskId}/runs', query: ['page', 'limit'], hasBody: false },
  { name: 'getRunStatus', method: 'GET', template: '/api/v1/task/{taskId}/run/status', query: ['runId'], hasBody: false },
  { name: 'getRunResult', method: 'GET', template: '/api/v1/task/{taskId}/run/result', query: ['runId'], hasBody: false },
  { name: 'getRunGif', method: 'GET', template: '/api/v1/task/{taskId}/run/gif', query: ['runId'], hasBody: false },
  { name: 'submitToolInput', method: 'POST', template: '/api/v1/task/{taskId}/run/tool-input', query: ['runId'], hasBody: true },
  { name: 'stopRun', method: 'PUT', template: '/api/v1/task/{taskId}/run/stop', query: ['runId'], hasBody: false },
  { name: 'stopTask', method: 'PUT', template: '/api/v1/task/{taskId}/stop', query: [], hasBody: false },
  { name: 'checkApiKey', method: 'GET', template: '/api/v1/check', query: [], hasBody: false },
];

export interface EndpointMatch {
  /** Endpoints whose path matches, whatever their method. */
  endpoints: TaskEndpoint[];
  /** The decoded `{taskId}`, when the path has one. */
  taskId: string | undefined;
}

/**
 * Matches an encoded URL pathname against the endpoint table.
 *
 * Returns `undefined` for any other path, including trailing slashes, empty segments and a
 * `{taskId}` that does not decode. No literal path has the shape of a `{taskId}` path, so
 * `/api/v1/task/create` can never be read as a task called "create".
 */
export function matchTaskEndpoint(pathname: string): EndpointMatch | undefined {
  const segments = pathname.split('/');
  const endpoints: TaskEndpoint[] = [];
  let taskId: string | undefined;
  for (const endpoint of TASK_ENDPOINTS) {
    const pattern = endpoint.template.split('/');
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
  return value === '.' || value === '..' || /[/\\]|%[0-9a-f]{2}|[\u0000-\u001f\u007f]/i.test(value);
}

/** Builds the path of an endpoint with its parameter encoded. */
export function buildEndpointPath(endpoint: TaskEndpoint, taskId: string | undefined): string {
  return endpoint.template.replace('{taskId}', encodeURIComponent(taskId ?? ''));
}
