export * from './client';
export * from './schema';
export * from './store';
export * from './hooks';
export * from './components/task-client-provider';
export * from './components/tool-call-form';
export * from './components/tool-call-prompt';
