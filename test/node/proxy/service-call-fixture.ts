/**
 * What the tests of the service's own calls share: the simulated task service (`hitl-react/testing`)
 * over real HTTP on 127.0.0.1, behind a front that names the proxy instance each request came
 * from (each instance reaches it under its own path, `/i0`, `/i1`, as `upstream`), and one scenario:
 * a page, a `form_input` call of one text field, a page, then the run completes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../../../src/node';
import { FORM_INPUT_TOOL_NAME, formInputTool } from '../../../src/schema';
import { createSimulatedService, type Scenario, type SimulatedService } from '../../../src/testing';

/** The form the run asks for: nothing in it is secret. */
export const SLOT_FORM = {
  heading: 'Pick a delivery slot',
  description: 'The courier asks when to come by.',
  fields: [{ type: 'text', label: 'Delivery slot', required: true }],
};

const deliveryScenario: Scenario = {
  name: 'delivery',
  description: 'Books a delivery; asks for the slot with form_input.',
  keywords: ['delivery'],
  steps: [
    { type: 'page', title: 'Courier', url: 'https://courier.example.com/', durationMs: 100 },
    { type: 'tool_call', tool: FORM_INPUT_TOOL_NAME, parameters: SLOT_FORM },
    { type: 'page', title: 'Booked · Courier', url: 'https://courier.example.com/booked', durationMs: 100 },
  ],
  result: () => ({ summary: 'The delivery is booked.' }),
};

/** The body of a `POST /api/v1/task/create` whose run asks for the slot. */
export const DELIVERY_TASK = JSON.stringify({ task: 'Book the delivery', agent: 'BROWSER_AGENT', tools: [formInputTool()] });

/** One request that reached the service. */
export interface FrontRequest {
  /** The instance that sent it (`i0`, `i1`). */
  readonly instance: string;
  readonly method: string;
  /** The service's path, without the instance's prefix. */
  readonly path: string;
  /** For a run's status: the run's `status` the service answered (`running`, `completed`). */
  readonly runStatus?: string | undefined;
}

export interface ServiceFront {
  readonly service: SimulatedService;
  /** Every request, in order. */
  readonly requests: FrontRequest[];
  /** The `upstream` of instance `instance`. */
  upstream(instance: string): string;
  /** The status reads of `taskId`'s run, in order. */
  statusReads(taskId: string): FrontRequest[];
  close(): Promise<void>;
}

export async function startServiceFront(apiKey: string): Promise<ServiceFront> {
  const service = createSimulatedService({ apiKey, scenario: deliveryScenario });
  const requests: FrontRequest[] = [];
  const listener = toNodeListener(async (request) => {
    const url = new URL(request.url);
    const [, instance = '', path = '/'] = /^\/(i\d+)(\/.*)$/.exec(url.pathname) ?? [];
    const response = await service.handle(new Request(new URL(path + url.search, url.origin), request));
    let runStatus: string | undefined;
    if (path.endsWith('/run/status') && response.ok)
      runStatus = ((await response.clone().json()) as { data?: { status?: string } }).data?.status;
    requests.push({ instance, method: request.method, path, runStatus });
    return response;
  });
  const server: Server = createServer(listener);
  listener.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    service,
    requests,
    upstream: (instance) => `${base}/${instance}`,
    statusReads: (taskId) => requests.filter((request) => request.path === `/api/v1/task/${taskId}/run/status`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
