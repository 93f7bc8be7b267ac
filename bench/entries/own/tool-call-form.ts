// The library code <ToolCallForm> brings, bundled with React, ReactDOM and Radix left out.
export { ToolCallForm } from '../../../src';
