export { RunViewer } from './run-viewer';
export type { RunViewerProps, RunViewerState } from './run-viewer';
export type { RunViewerFormProps } from './prompt-form-props';
// For the inbox, which passes the same form props to the same prompt; not in the package's public barrel.
export { promptFormProps } from './prompt-form-props';
export type { RunViewerMessages, RunViewerPartMessages } from './messages';
