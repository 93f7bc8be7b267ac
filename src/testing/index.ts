export { createSimulatedService, SIMULATOR_ORIGIN, DEFAULT_SIMULATOR_API_KEY } from './simulated-service';
export type {
  SimulatedService,
  SimulatedServiceOptions,
  SimulatedClientOptions,
  SimulatedRunSnapshot,
  SimulatedTaskSnapshot,
  SimulatorRequestRecord,
} from './simulated-service';
export { startSimulatorServer } from './simulator-server';
export type { SimulatorServer, SimulatorServerOptions } from './simulator-server';
export type { FaultController, FaultInjection, FaultType, RandomFaults } from './faults';
export { findFormAnswer } from './scenario';
export type {
  Scenario,
  ScenarioAnswer,
  ScenarioError,
  ScenarioFailStep,
  ScenarioOutcome,
  ScenarioPageStep,
  ScenarioStep,
  ScenarioToolCallStep,
  ScenarioToolParameters,
} from './scenario';
export {
  builtInScenarios,
  loginScenario,
  twoFactorScenario,
  shippingScenario,
  nonFormToolScenario,
  failingRunScenario,
  longRunScenario,
  approvePurchaseTool,
  APPROVE_PURCHASE_TOOL_NAME,
} from './built-in-scenarios';
