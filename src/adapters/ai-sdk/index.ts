/**
 * `hitl-react/ai-sdk`: the AI SDK's tool approvals and client-side form tools as `HumanRequest`s,
 * and their answers as what `addToolApprovalResponse` and `addToolOutput` take. No import of `ai`.
 */
export { fromToolApproval, toToolApprovalResponse, type ToolApprovalResponse } from './tool-approval';
export { fromToolCall, toToolOutput, type ToolOutput } from './tool-output';
export type { AiSdkToolName, AiSdkToolPart } from './tool-part';
