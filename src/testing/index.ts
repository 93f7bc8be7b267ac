export { createSimulatedService, SIMULATOR_ORIGIN, DEFAULT_SIMULATOR_API_KEY } from './simulated-service';
export type { SimulatedService, SimulatedServiceOptions, SimulatedClientOptions } from './simulated-service';
export type { SimulatedRunSnapshot, SimulatedTaskSnapshot } from './simulated-snapshots';
export type { SimulatorRequestRecord } from './request-log';
export { startSimulatorServer } from './simulator-server';
export type { SimulatorServer, SimulatorServerOptions } from './simulator-server';
export type { FaultController, FaultInjection, FaultType, RandomFaults } from './faults';
export { findFormAnswer } from './scenario';
export type {
  Scenario,
  ScenarioAnswer,
  ScenarioCheckStep,
  ScenarioError,
  ScenarioFailStep,
  ScenarioOutcome,
  ScenarioPageStep,
  ScenarioStep,
  ScenarioToolCallStep,
  ScenarioToolParameters,
} from './scenario';
export { builtInScenarios } from './scenarios/built-in-scenarios';
export { loginScenario } from './scenarios/login-scenario';
export { twoFactorScenario } from './scenarios/two-factor-scenario';
export { shippingScenario } from './scenarios/shipping-scenario';
export { nonFormToolScenario, approvePurchaseTool, APPROVE_PURCHASE_TOOL_NAME } from './scenarios/non-form-tool-scenario';
export { failingRunScenario } from './scenarios/failing-run-scenario';
export { longRunScenario } from './scenarios/long-run-scenario';
export { createHumanControlScenario, humanControlScenario } from './scenarios/human-control-scenario';
export type { HumanControlScenarioOptions } from './scenarios/human-control-scenario';
