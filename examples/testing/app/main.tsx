/**
 * The browser entry of the example app: a keyless client of the app's own backend at `/api/hitl`
 * (where `createTaskProxy` adds the key), as the README's Vite set-up does.
 */
import { createRoot } from 'react-dom/client';
import { createTaskClient, TaskClientProvider } from '../../../src';
import '../../../src/styles.css';
import { OrdersPage } from './orders-page';

const client = createTaskClient({ baseUrl: '/api/hitl' });
const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element');
createRoot(root).render(
  <TaskClientProvider client={client}>
    <OrdersPage />
  </TaskClientProvider>,
);
