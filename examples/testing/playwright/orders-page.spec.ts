/**
 * An end-to-end test of your app's page with Playwright and the helpers of
 * `hitl-react/testing/playwright`: the real page in a browser, its proxy, and the simulated
 * service behind it (fixtures.ts). The helpers find the agent's form fields by their labels, so
 * the test reads like the form.
 *
 * In your app, import from `'hitl-react/testing/playwright'` instead of `'../../../src/testing/playwright'`.
 */
import { answerFormInput, fillFormInput, waitForRunState } from '../../../src/testing/playwright';
import { expect, test } from './fixtures';

test('asks for the shop login, sends it once, and shows the orders', async ({ page, simulator }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Fetch my orders' }).click();

  // The run's region is named by the viewer's heading.
  const run = page.getByRole('region', { name: 'Latest run' });
  await waitForRunState(run, 'waiting');
  await fillFormInput(run, { Username: 'ada', Password: 'correct horse' }, { submit: true });
  await waitForRunState(run, 'completed');

  await expect(run.getByText('Signed in as ada.')).toBeVisible();
  await expect(run.getByRole('table', { name: 'Extracted data' })).toBeVisible();
  // The service received one answer, exactly as typed. Tasks are listed newest first.
  const [task] = simulator.listTasks();
  expect(task?.runs[0]?.answers.map((answer) => JSON.parse(answer.input) as unknown)).toEqual([
    [
      { label: 'Username', value: 'ada' },
      { label: 'Password', value: 'correct horse' },
    ],
  ]);
});

test('lets the person try again when sending the answer fails', async ({ page, simulator }) => {
  // The service refuses the next answer once (rate-limited, so not applied); the page must offer to
  // send it again. A 5xx would be different: the proxy cannot tell whether the service applied the
  // answer, and holds it in doubt until the run's status says.
  simulator.faults.inject({ type: 'http-429', match: { method: 'POST', path: '/api/v1/task/{taskId}/run/tool-input' } });
  await page.goto('/');
  await page.getByRole('button', { name: 'Fetch my orders' }).click();
  const run = page.getByRole('region', { name: 'Latest run' });

  await expect(answerFormInput(run, { Username: 'grace', Password: 'hopper' })).rejects.toThrow(/could not be sent/);
  await run.getByRole('button', { name: 'Try again' }).click();
  await waitForRunState(run, 'completed');

  await expect(run.getByText('Signed in as grace.')).toBeVisible();
});
