// <RunViewer> with everything it brings (status, tool-call prompt and form, live view, result,
// recording, stop button), inside the provider, over createTaskClient.
import { createRoot } from 'react-dom/client';
import { createTaskClient, RunViewer, TaskClientProvider } from '../../src';

createRoot(document.getElementById('root') as HTMLElement).render(
  <TaskClientProvider client={createTaskClient({ baseUrl: '/api/hitl' })}>
    <RunViewer taskId="task-1" />
  </TaskClientProvider>,
);
