import type { Scenario } from '../scenario';

/** Opens a few pages, then fails with error content. */
export const failingRunScenario: Scenario = {
  name: 'failing-run',
  description: 'Opens a few pages, then fails because the payment page never loads.',
  keywords: ['fail', 'fails', 'failed', 'failing', 'failure', 'broken', 'error'],
  steps: [
    { type: 'page', title: 'Acme Travel', url: 'https://travel.example.com/', durationMs: 1500 },
    { type: 'page', title: 'Booking summary · Acme Travel', url: 'https://travel.example.com/booking/summary', durationMs: 2000 },
    { type: 'page', title: 'Loading payment… · Acme Travel', url: 'https://travel.example.com/booking/payment', durationMs: 3000 },
    {
      type: 'fail',
      error: {
        message: 'The payment page did not load after 3 attempts (HTTP 503).',
        code: 'PAGE_LOAD_FAILED',
        url: 'https://travel.example.com/booking/payment',
      },
    },
  ],
  result: { summary: 'Not reached: the run fails first.' },
};
