import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTaskClient, TaskClientProvider } from '../../src';
import '../../src/styles.css';
import './playground.css';
import { App } from './app';

// No key here: the dev server's /api/hitl proxy adds it, so it never reaches the browser.
const client = createTaskClient({ baseUrl: '/api/hitl' });

const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <TaskClientProvider client={client}>
      <App />
    </TaskClientProvider>
  </StrictMode>,
);
