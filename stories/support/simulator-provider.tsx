import type { ReactNode } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import { TaskClientProvider } from '../../src';
import { simulatorOf } from './simulator';

/**
 * `withSimulator` as a component, for a story of a file whose meta is another component's: a
 * decorator is typed by the meta's args, a render function is not.
 */
export function SimulatorProvider({ context, children }: { context: Pick<StoryContext, 'loaded'>; children: ReactNode }) {
  const { client, store } = simulatorOf(context);
  return (
    <TaskClientProvider client={client} store={store}>
      {children}
    </TaskClientProvider>
  );
}
