import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTaskClient, TaskClientProvider } from 'hitl-react';
import 'hitl-react/styles.css';
import { App } from './app';

// The page talks to its own server's proxy (vite.config.ts), which adds the key: none in the browser.
const client = createTaskClient({ baseUrl: '/api/hitl' });

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <TaskClientProvider client={client}>
      <App />
    </TaskClientProvider>
  </StrictMode>,
);
