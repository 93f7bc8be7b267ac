// `hitl-react/testing/msw`: the simulated service as MSW 2 request handlers. The only entry that
// imports `msw` (an optional peer), so `hitl-react/testing` loads without it.
export { simulatorHandlers, DEFAULT_SIMULATOR_HANDLERS_BASE_URL } from './simulator-handlers';
export type { SimulatorHandlers, SimulatorHandlersOptions } from './simulator-handlers';
