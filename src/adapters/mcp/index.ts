/**
 * `hitl-react/mcp`: MCP elicitation (`elicitation/create`, protocol revision 2025-11-25) as a
 * `HumanRequest`, and the person's answer as the client's `ElicitResult`. No import of the MCP SDK.
 */
export { fromElicitation } from './from-elicitation';
export type { FromElicitationOptions, McpElicitationFormParams, McpElicitationParams, McpElicitationUrlParams } from './from-elicitation';
export { toElicitResult } from './to-elicit-result';
export type { McpElicitResult } from './to-elicit-result';
