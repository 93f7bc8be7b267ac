/**
 * `hitl-react/langgraph`: LangGraph interrupts (LangChain's `humanInTheLoopMiddleware` and
 * agent-inbox's `HumanInterrupt`) as `HumanRequest`s, and their answers as what
 * `new Command({ resume })` takes. No import of LangChain or LangGraph.
 */
export { fromInterrupt, type FromInterruptOptions } from './from-interrupt';
export {
  toInterruptResponse,
  type HitlDecision,
  type HitlResponse,
  type HitlResponseSnakeCase,
  type HumanResponse,
  type InterruptResponse,
  type InterruptResponseFor,
} from './to-interrupt-response';
export type {
  HitlActionRequest,
  HitlRequest,
  HitlRequestSnakeCase,
  HitlReviewConfig,
  HumanInterrupt,
  InterruptValue,
  LangGraphInterrupt,
} from './interrupt-value';
