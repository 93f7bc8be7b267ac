/**
 * A component test of your app's page with MSW and Testing Library (Vitest, jsdom): the page keeps
 * its keyless client of `/api/hitl`, and `simulatorHandlers()` answers there with the simulated
 * service, as your proxy would with the real one. No server, no browser.
 *
 * In your app, import from `'hitl-react'` and `'hitl-react/testing/msw'` instead of `'../../src/…'`.
 * Our suite runs this file through test/node/testing-helpers/examples.test.tsx.
 */
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTaskClient, TaskClientProvider } from '../../src';
import { simulatorHandlers } from '../../src/testing/msw';
import { ORDERS_TASK, OrdersPage } from './app/orders-page';

// The simulated service at the default baseUrl, `/api/hitl` on any origin, adding the key as your
// proxy does. 100 times faster than real time: the login form shows after 35 ms, not 3.5 s.
const handlers = simulatorHandlers({ timeScale: 0.01 });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  handlers.service.reset();
});
afterAll(() => server.close());

/** The page as the app renders it, with a client of its own per test (and so a store of its own). */
function renderPage() {
  const client = createTaskClient({ baseUrl: '/api/hitl' });
  return render(
    <TaskClientProvider client={client}>
      <OrdersPage pollIntervalMs={50} />
    </TaskClientProvider>,
  );
}

describe('the orders page', () => {
  it('asks for the shop login, sends it once, and shows the orders', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('button', { name: 'Fetch my orders' }));
    await user.type(await screen.findByLabelText('Username', {}, { timeout: 5000 }), 'ada');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Signed in as ada.', {}, { timeout: 5000 })).toBeVisible();
    // What the service received: one task with the form tool, and one answer, exactly as typed.
    const [task] = handlers.service.listTasks();
    expect(task?.text).toBe(ORDERS_TASK);
    expect(task?.tools).toEqual(['form_input']);
    expect(task?.runs[0]?.answers.map((answer) => JSON.parse(answer.input) as unknown)).toEqual([
      [
        { label: 'Username', value: 'ada' },
        { label: 'Password', value: 'correct horse' },
      ],
    ]);
    expect(handlers.service.requests.filter((request) => request.path.endsWith('/run/tool-input'))).toHaveLength(1);
  });

  it('says so when the service cannot start the task', async () => {
    // Faults make the simulator answer as a failing service would; here, the next create.
    handlers.service.faults.inject({ type: 'http-503', match: { method: 'POST', path: '/api/v1/task/create' } });
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('button', { name: 'Fetch my orders' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not start: Service unavailable');
    expect(handlers.service.listTasks()).toEqual([]);
  });
});
