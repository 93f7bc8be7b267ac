import { ANSWER_IN_DOUBT_CODE, createTaskClient, type TaskClient } from '../../../src/client';
import { DEFAULT_SIMULATOR_API_KEY, SIMULATOR_ORIGIN, type SimulatedService } from '../../../src/testing';

/**
 * What a proxy may make of the next answer: `lost` (its request to the service failed before the
 * service got it), `applied` (the service applied it, the reply was lost); either way the proxy
 * cannot tell, and answers with its in-doubt 504.
 */
export type DoubtfulOutcome = 'lost' | 'applied';

export interface InDoubtClient {
  /** `createTaskClient` over the in-process service, with `outcomes` standing between them for answers. */
  readonly client: TaskClient;
  /** The `Idempotency-Key` header of every answer the client sent, oldest first. */
  readonly keys: Array<string | null>;
  /** Outcomes of the next answers, in order; an answer with none left reaches the service as usual. */
  readonly outcomes: DoubtfulOutcome[];
}

const inDoubtResponse = () =>
  new Response(JSON.stringify({ success: false, error: 'The answer may have been applied.', code: ANSWER_IN_DOUBT_CODE }), {
    status: 504,
    headers: { 'content-type': 'application/json' },
  });

/** A real client (headers, error parsing) whose answers meet a proxy that cannot tell whether they were applied. */
export function inDoubtClient(service: SimulatedService): InDoubtClient {
  const keys: Array<string | null> = [];
  const outcomes: DoubtfulOutcome[] = [];
  const client = createTaskClient({
    baseUrl: SIMULATOR_ORIGIN,
    apiKey: DEFAULT_SIMULATOR_API_KEY,
    fetch: async (request) => {
      if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/run/tool-input')) return service.fetch(request);
      keys.push(request.headers.get('idempotency-key'));
      const outcome = outcomes.shift();
      if (outcome === 'lost') return inDoubtResponse();
      const response = await service.fetch(request);
      return outcome === 'applied' ? inDoubtResponse() : response;
    },
  });
  return { client, keys, outcomes };
}
