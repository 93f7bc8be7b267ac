import { FORM_INPUT_TOOL_NAME } from '../../schema';
import { findFormAnswer, type Scenario, type ScenarioAnswer, type ScenarioOutcome, type ScenarioToolParameters } from '../scenario';

// Amounts in cents, as shops keep them; option values stay numbers in the answer.
const ITEMS_CENTS = 8650;
const STANDARD_SHIPPING = { name: 'standard', label: 'Standard, 5–7 working days (free)', value: 0 };
const SHIPPING_METHODS = [
  STANDARD_SHIPPING,
  { name: 'express', label: 'Express, 2 working days (€9.90)', value: 990 },
  { name: 'next-day', label: 'Next working day (€19.90)', value: 1990 },
];
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const shippingMethod = (answers: readonly ScenarioAnswer[]) => {
  const chosen = findFormAnswer(answers, 'Shipping method');
  return SHIPPING_METHODS.find((method) => method.value === chosen) ?? STANDARD_SHIPPING;
};

/** Check out a cart: choose a shipping method (numeric values) and a delivery window, then confirm with a switch. */
export const shippingScenario: Scenario = {
  name: 'shipping',
  description: 'Checks out a cart; asks for a shipping method and delivery window, then for confirmation of the total.',
  keywords: ['shipping', 'ship', 'checkout', 'check out', 'deliver', 'delivery'],
  steps: [
    { type: 'page', title: 'Your cart (3 items) · Acme Shop', url: 'https://shop.example.com/cart', durationMs: 1500 },
    { type: 'page', title: 'Checkout: shipping · Acme Shop', url: 'https://shop.example.com/checkout/shipping', durationMs: 2000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Choose shipping',
        description: `How should your order of 3 items (${euros(ITEMS_CENTS)}) be shipped?`,
        fields: [
          {
            type: 'radio',
            label: 'Shipping method',
            required: true,
            options: SHIPPING_METHODS.map(({ label, value }) => ({ label, value })),
            defaultValue: 0,
          },
          {
            type: 'select',
            label: 'Delivery window',
            options: [
              { label: 'Any time', value: 'any' },
              { label: 'Morning (8:00–12:00)', value: 'morning' },
              { label: 'Afternoon (12:00–18:00)', value: 'afternoon' },
            ],
            defaultValue: 'any',
          },
        ],
        submitButton: { label: 'Continue' },
      },
    },
    { type: 'page', title: 'Checkout: review · Acme Shop', url: 'https://shop.example.com/checkout/review', durationMs: 2000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: (answers): ScenarioToolParameters => {
        const shipping = shippingMethod(answers).value;
        return {
          heading: 'Confirm your order',
          description: `Items ${euros(ITEMS_CENTS)} + shipping ${euros(shipping)} = ${euros(ITEMS_CENTS + shipping)}. The order is placed only if you confirm.`,
          fields: [{ type: 'switch', label: 'Place the order', required: true, defaultValue: false }],
          submitButton: { label: 'Confirm' },
        };
      },
    },
    { type: 'page', title: 'Placing order… · Acme Shop', url: 'https://shop.example.com/checkout/place', durationMs: 1500 },
    { type: 'page', title: 'Order confirmation · Acme Shop', url: 'https://shop.example.com/checkout/done', durationMs: 1500 },
  ],
  result: (answers): ScenarioOutcome => {
    const method = shippingMethod(answers);
    const shipping = method.value;
    if (findFormAnswer(answers, 'Place the order') !== true) {
      return { summary: 'The order was not placed: it was not confirmed.', output: { orderPlaced: false } };
    }
    return {
      summary: `Order placed with ${method.name} shipping; total ${euros(ITEMS_CENTS + shipping)}.`,
      output: { orderPlaced: true, orderNumber: 'ACME-10427', shipping: method.name },
      dataTable: [
        { title: 'Items', value: ITEMS_CENTS / 100 },
        { title: 'Shipping', value: shipping / 100 },
        { title: 'Total', value: (ITEMS_CENTS + shipping) / 100 },
      ],
    };
  },
};
