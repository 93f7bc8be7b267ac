export { RunViewer } from './run-viewer';
export type { RunViewerProps, RunViewerState } from './run-viewer';
export type { RunViewerFormProps } from './pending-tool-call';
export type { RunViewerMessages, RunViewerPartMessages } from './messages';
