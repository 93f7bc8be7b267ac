export { TaskClientProvider } from './task-client-provider';
export type { TaskClientProviderProps } from './task-client-provider';
