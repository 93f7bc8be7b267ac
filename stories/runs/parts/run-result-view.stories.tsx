import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RunResultView } from '../../../src';

const meta = {
  title: 'Runs/Parts/RunResultView',
  component: RunResultView,
  tags: ['autodocs'],
  args: {
    locale: 'en-GB',
    result: {
      status: 'completed',
      error: null,
      output: {
        summary: 'Order placed with express shipping; total €96.40.',
        orderPlaced: true,
        orderNumber: 'ACME-10427',
        shipping: 'express',
      },
      dataTable: [
        { title: 'Items', value: 86.5 },
        { title: 'Shipping', value: 9.9 },
        { title: 'Total', value: 96.4 },
      ],
    },
  },
} satisfies Meta<typeof RunResultView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The summary first, the other `output` fields as a description list, then the data table. */
export const Completed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Result' })).toBeInTheDocument();
    await expect(canvas.getByText('Order placed with express shipping; total €96.40.')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Output' })).toBeInTheDocument();
    // Each field is a term and its definition; the summary is not repeated among them.
    await expect(canvas.getByText('orderNumber').closest('dt')?.nextElementSibling).toHaveTextContent('ACME-10427');
    await expect(canvas.queryByText('summary')).not.toBeInTheDocument();
    const table = canvas.getByRole('table', { name: 'Extracted data' });
    await expect(within(table).getByRole('cell', { name: '96.4' })).toBeInTheDocument();
  },
};

/** A failed run: its error content, marked as an error: the `message`, then the other fields as JSON. */
export const Failed: Story = {
  args: {
    result: {
      status: 'failed',
      error: {
        message: 'The payment page did not load after 3 attempts (HTTP 503).',
        code: 'PAGE_LOAD_FAILED',
        url: 'https://travel.example.com/booking/payment',
      },
      output: {},
      dataTable: [],
    },
  },
  play: async ({ canvas }) => {
    const error = canvas.getByRole('group', { name: 'Error' });
    await expect(within(error).getByText('The payment page did not load after 3 attempts (HTTP 503).')).toBeVisible();
    await expect(error).toHaveTextContent('"code": "PAGE_LOAD_FAILED"');
    // The data table's empty state is left out: the error says more.
    await expect(canvas.queryByText('No data was extracted.')).not.toBeInTheDocument();
  },
};

/** Error content that is a plain string. */
export const ErrorAsText: Story = {
  args: { result: { status: 'failed', error: 'Timed out waiting for the page.', output: {}, dataTable: [] } },
  play: async ({ canvas }) => {
    await expect(within(canvas.getByRole('group', { name: 'Error' })).getByText('Timed out waiting for the page.')).toBeVisible();
  },
};

/** No error, no output, no rows. */
export const NoOutput: Story = {
  args: { result: { status: 'completed', error: null, output: {}, dataTable: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The run returned no output.')).toBeVisible();
  },
};

/** Structured output (objects, arrays, numbers) is shown as formatted JSON text. */
export const StructuredOutput: Story = {
  args: {
    result: {
      status: 'completed',
      error: null,
      output: {
        summary: 'Compared 12 offers.',
        offersWithinBudget: 7,
        cheapest: { model: 'Pico 12', shop: 'LapWorld', price: 629 },
        shops: ['TechHub', 'LapWorld'],
      },
      dataTable: [],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/"model": "Pico 12"/)).toBeVisible();
    await expect(canvas.getByText('No data was extracted.', { exact: false })).toBeVisible();
  },
};

/** Markup and `javascript:` addresses in the output are text: no element, no link. */
export const HostileOutput: Story = {
  args: {
    result: {
      status: 'completed',
      error: null,
      output: {
        summary: '<script>alert(1)</script> Done.',
        link: 'javascript:alert(document.cookie)',
        '<b>key</b>': '<img src=x onerror=alert(1)>',
      },
      dataTable: [{ title: '<i>Row</i>', value: 1, note: '\u202Etxet desrever' }],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('<script>alert(1)</script> Done.')).toBeVisible();
    await expect(canvas.getByText('javascript:alert(document.cookie)')).toBeVisible();
    await expect(canvasElement.querySelectorAll('script, img, a, b, i')).toHaveLength(0);
  },
};
