/**
 * `hitl-react/openai-agents`: an OpenAI Agents SDK run's tool approvals (`result.interruptions`) as
 * one `HumanRequest`, and the person's answer applied to the run's `RunState` (`approve`/`reject`),
 * ready for `run(agent, state)`. No import of `@openai/agents`.
 */
export { applyToolApprovals, fromToolApprovals, type FromToolApprovalsOptions, type OpenAIAgentsRunState } from './tool-approvals';
export type { OpenAIAgentsToolApproval } from './interruption';
