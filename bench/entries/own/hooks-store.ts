// Every hook, the provider and the polling store; the client and the components left out.
export * from '../../../src/hooks';
export * from '../../../src/store';
export { TaskClientProvider } from '../../../src';
