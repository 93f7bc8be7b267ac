/**
 * `hitl-react/mastra`: a Mastra agent's tool-call approvals and a workflow's suspended steps as
 * `HumanRequest`s, and the person's answers as what `approveToolCall`/`declineToolCall` and
 * `run.resume({ step, resumeData })` take. No import of `@mastra/core`.
 */
export { fromSuspendedStep, toResumeData, type MastraSuspendedStep } from './suspended-step';
export {
  fromToolCallApproval,
  toToolCallDecision,
  type FromToolCallApprovalOptions,
  type MastraToolCallApprovalChunk,
  type MastraToolCallApprovalPayload,
  type MastraToolCallDecision,
} from './tool-call-approval';
