// The library code <RunViewer> brings, bundled with React, ReactDOM and Radix left out.
export { RunViewer } from '../../../src';
