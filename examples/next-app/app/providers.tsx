'use client';

import type { ReactNode } from 'react';
import { createTaskClient, TaskClientProvider } from 'hitl-react';

// A path-only address is resolved against the page when a request is made, so creating the client
// (and server-rendering the components that use it) works on the server too.
const client = createTaskClient({ baseUrl: '/api/hitl' });

export function Providers({ children }: { children: ReactNode }) {
  return <TaskClientProvider client={client}>{children}</TaskClientProvider>;
}
