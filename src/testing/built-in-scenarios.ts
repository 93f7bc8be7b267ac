import type { ToolDefinition } from '../client/types';
import { FORM_INPUT_TOOL_NAME } from '../schema/form-input-tool';
import { findFormAnswer, type Scenario, type ScenarioAnswer, type ScenarioOutcome, type ScenarioToolParameters } from './scenario';

/**
 * The built-in scripts. Page durations are what a real agent takes (1–3 s a page); tests
 * shrink them with `timeScale` or drive them with their own clock.
 */

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback);

/** Log in to a shop: asks for a username and password, then signs in as that user. */
export const loginScenario: Scenario = {
  name: 'login',
  description: 'Signs in to a shop; asks for the username and password with form_input.',
  keywords: ['log in', 'login', 'sign in', 'signin', 'sign-in'],
  steps: [
    { type: 'page', title: 'Acme Shop', url: 'https://shop.example.com/', durationMs: 1500 },
    { type: 'page', title: 'Sign in · Acme Shop', url: 'https://shop.example.com/account/login', durationMs: 2000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Sign in to Acme Shop',
        description:
          'The shop asks for your account details before it shows your orders. They are typed into its sign-in page and not kept.',
        fields: [
          { type: 'text', label: 'Username', required: true, autocomplete: 'username', placeholder: 'ada.lovelace' },
          { type: 'password', label: 'Password', required: true, autocomplete: 'current-password' },
        ],
        submitButton: { label: 'Sign in' },
      },
    },
    { type: 'page', title: 'Signing in… · Acme Shop', url: 'https://shop.example.com/account/login', durationMs: 1500 },
    { type: 'page', title: 'Your account · Acme Shop', url: 'https://shop.example.com/account', durationMs: 1500 },
  ],
  result: (answers): ScenarioOutcome => {
    const username = findFormAnswer(answers, 'Username');
    return {
      summary:
        typeof username === 'string' && username.trim() !== ''
          ? `Signed in as ${username.trim()}.`
          : 'Signed in with the session the browser already had; no login details were asked for.',
      dataTable: [
        { title: 'Open orders', value: 2 },
        { title: 'Reward points', value: 1250 },
      ],
    };
  },
};

const SIX_DIGITS = /^[0-9]{6}$/;

/** Log in to a bank, then enter a 6-digit one-time code. A code that is not 6 digits fails the run. */
export const twoFactorScenario: Scenario = {
  name: 'two-factor',
  description: 'Signs in to a bank and asks for a 6-digit one-time code; a wrong code fails the run.',
  keywords: ['2fa', 'two-factor', 'two factor', 'one-time code', 'verification code', 'bank'],
  steps: [
    { type: 'page', title: 'Northwind Bank', url: 'https://bank.example.com/', durationMs: 1500 },
    { type: 'page', title: 'Online banking login · Northwind Bank', url: 'https://bank.example.com/login', durationMs: 2000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Sign in to Northwind Bank',
        description: 'Online banking needs your login before it shows your balances.',
        fields: [
          { type: 'text', label: 'Username', required: true, autocomplete: 'username' },
          { type: 'password', label: 'Password', required: true, autocomplete: 'current-password' },
        ],
        submitButton: { label: 'Continue' },
      },
    },
    { type: 'page', title: 'Verify it’s you · Northwind Bank', url: 'https://bank.example.com/login/verify', durationMs: 2000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Enter your verification code',
        description: 'Northwind Bank sent a 6-digit code by text message to your phone ending in 42.',
        fields: [
          {
            type: 'text',
            label: 'Verification code',
            required: true,
            pattern: '^[0-9]{6}$',
            minLength: 6,
            maxLength: 6,
            autocomplete: 'one-time-code',
            placeholder: '123456',
          },
        ],
        submitButton: { label: 'Verify' },
      },
    },
    { type: 'page', title: 'Accounts overview · Northwind Bank', url: 'https://bank.example.com/accounts', durationMs: 2500 },
  ],
  result: (answers): ScenarioOutcome => {
    const username = text(findFormAnswer(answers, 'Username'), 'the saved user');
    const code = findFormAnswer(answers, 'Verification code');
    if (typeof code !== 'string' || !SIX_DIGITS.test(code.trim())) {
      return {
        summary: 'The bank did not accept the verification code.',
        error: { message: 'The bank rejected the verification code.', code: 'VERIFICATION_FAILED' },
      };
    }
    return {
      summary: `Signed in as ${username} and verified with the one-time code.`,
      dataTable: [
        { title: 'Checking account balance', value: 2450.75 },
        { title: 'Savings account balance', value: 10200 },
      ],
    };
  },
};

// Amounts in cents, as shops keep them; option values stay numbers in the answer.
const ITEMS_CENTS = 8650;
const SHIPPING_METHODS = [
  { name: 'standard', label: 'Standard, 5–7 working days (free)', value: 0 },
  { name: 'express', label: 'Express, 2 working days (€9.90)', value: 990 },
  { name: 'next-day', label: 'Next working day (€19.90)', value: 1990 },
];
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const shippingMethod = (answers: readonly ScenarioAnswer[]) => {
  const chosen = findFormAnswer(answers, 'Shipping method');
  return SHIPPING_METHODS.find((method) => method.value === chosen) ?? (SHIPPING_METHODS[0] as (typeof SHIPPING_METHODS)[number]);
};

/** Check out a cart: choose a shipping method (numeric values) and a delivery window, then confirm with a switch. */
export const shippingScenario: Scenario = {
  name: 'shipping',
  description: 'Checks out a cart; asks for a shipping method and delivery window, then for confirmation of the total.',
  keywords: ['shipping', 'checkout', 'check out', 'deliver'],
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

/** Name of the caller-defined tool of the `non-form-tool` scenario. */
export const APPROVE_PURCHASE_TOOL_NAME = 'approve_purchase';

/** A caller-defined tool that is not a form: the agent asks to approve a purchase with a flat object. */
export const approvePurchaseTool: ToolDefinition = {
  type: 'function',
  function: {
    name: APPROVE_PURCHASE_TOOL_NAME,
    description: 'Ask the person to approve a purchase before paying. The answer is a JSON object {"approved": boolean, "note"?: string}.',
    parameters: {
      type: 'object',
      properties: {
        item: { type: 'string', description: 'What will be bought.' },
        merchant: { type: 'string', description: 'Who sells it.' },
        amount: { type: 'number', description: 'Price including tax.' },
        currency: { type: 'string', description: 'ISO 4217 code.' },
        reason: { type: 'string', description: 'Why approval is needed.' },
      },
      required: ['item', 'merchant', 'amount', 'currency'],
      additionalProperties: false,
    },
  },
};

/**
 * Whether an `approve_purchase` answer approves: a JSON object with `approved: true`, or the
 * plain words yes/approve/approved/true.
 */
function isApproval(input: string): boolean {
  try {
    const parsed: unknown = JSON.parse(input);
    if (typeof parsed === 'object' && parsed !== null) return (parsed as { approved?: unknown }).approved === true;
    if (parsed === true) return true;
  } catch {
    // Not JSON: read it as words.
  }
  return /^\s*(yes|approve|approved|true)\s*$/i.test(input);
}

/** Buy an item after the person approves it through `approve_purchase`, a caller-defined tool that is not a form. */
export const nonFormToolScenario: Scenario = {
  name: 'non-form-tool',
  description: 'Buys an office chair after asking for approval through approve_purchase, a caller-defined non-form tool.',
  keywords: ['approve', 'purchase', 'buy'],
  steps: [
    {
      type: 'page',
      title: 'Ergonomic office chair · Acme Furniture',
      url: 'https://furniture.example.com/chairs/ergo-2',
      durationMs: 2000,
    },
    { type: 'page', title: 'Payment · Acme Furniture', url: 'https://furniture.example.com/checkout/payment', durationMs: 1500 },
    {
      type: 'tool_call',
      tool: APPROVE_PURCHASE_TOOL_NAME,
      parameters: {
        item: 'Ergonomic office chair',
        merchant: 'Acme Furniture',
        amount: 349,
        currency: 'EUR',
        reason: 'Purchases above €200 need your approval.',
      },
    },
    { type: 'page', title: 'Order status · Acme Furniture', url: 'https://furniture.example.com/checkout/status', durationMs: 1500 },
  ],
  result: (answers): ScenarioOutcome => {
    const answer = answers.find((candidate) => candidate.tool === APPROVE_PURCHASE_TOOL_NAME);
    if (answer === undefined) {
      return {
        summary: 'Nothing was bought: approval could not be asked for, because the task has no approve_purchase tool.',
        output: { purchased: false },
      };
    }
    if (!isApproval(answer.input)) return { summary: 'Nothing was bought: the purchase was declined.', output: { purchased: false } };
    return {
      summary: 'Bought the ergonomic office chair from Acme Furniture for €349.00.',
      output: { purchased: true, orderNumber: 'AF-5531' },
      dataTable: [{ title: 'Amount paid', value: 349 }],
    };
  },
};

/** Opens a few pages, then fails with error content. */
export const failingRunScenario: Scenario = {
  name: 'failing-run',
  description: 'Opens a few pages, then fails because the payment page never loads.',
  keywords: ['fail', 'broken', 'error'],
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

const LAPTOPS = [
  { model: 'Aero 14', shop: 'TechHub', price: 1099 },
  { model: 'Aero 14', shop: 'LapWorld', price: 1049 },
  { model: 'Nimbus 13', shop: 'TechHub', price: 899 },
  { model: 'Nimbus 13', shop: 'Compuzone', price: 929 },
  { model: 'Vertex 15', shop: 'LapWorld', price: 1299 },
  { model: 'Vertex 15', shop: 'Compuzone', price: 1249 },
  { model: 'Quill 13', shop: 'TechHub', price: 749 },
  { model: 'Quill 13', shop: 'Compuzone', price: 779 },
  { model: 'Atlas 16', shop: 'LapWorld', price: 1599 },
  { model: 'Atlas 16', shop: 'TechHub', price: 1549 },
  { model: 'Pico 12', shop: 'Compuzone', price: 649 },
  { model: 'Pico 12', shop: 'LapWorld', price: 629 },
];

const budgetOf = (answers: readonly ScenarioAnswer[]) => {
  const budget = findFormAnswer(answers, 'Budget (€)');
  return typeof budget === 'number' && Number.isFinite(budget) ? budget : 1200;
};
const offersWithin = (answers: readonly ScenarioAnswer[]) => {
  const budget = budgetOf(answers);
  return LAPTOPS.filter((offer) => offer.price <= budget);
};
/** The offers the last question lists; the answer is an index into this same list. */
const offersShown = (answers: readonly ScenarioAnswer[]) => {
  const offers = offersWithin(answers);
  return offers.length > 0 ? offers : LAPTOPS;
};

/** Compares laptops across shops over many pages and three questions; ends with a 12-row data table. */
export const longRunScenario: Scenario = {
  name: 'long-run',
  description: 'Compares laptop offers across three shops over many pages, asks three questions, and returns a 12-row table.',
  keywords: ['research', 'compare', 'long run', 'long-run'],
  steps: [
    { type: 'page', title: 'Search: lightweight laptop', url: 'https://search.example.com/?q=lightweight+laptop', durationMs: 1500 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'What are you looking for?',
        description: 'A few details narrow down which laptops are worth comparing.',
        fields: [
          { type: 'number', label: 'Budget (€)', required: true, min: 300, max: 5000, step: 50, defaultValue: 1200 },
          {
            type: 'select',
            label: 'Screen size',
            options: [
              { label: '12–13 inch', value: 13 },
              { label: '14 inch', value: 14 },
              { label: '15–16 inch', value: 16 },
            ],
          },
          { type: 'range', label: 'Importance of battery life', min: 1, max: 5, step: 1, defaultValue: 3 },
        ],
        submitButton: { label: 'Start comparing' },
      },
    },
    { type: 'page', title: 'Laptops · TechHub', url: 'https://techhub.example.com/laptops', durationMs: 2000 },
    { type: 'page', title: 'Aero 14 · TechHub', url: 'https://techhub.example.com/laptops/aero-14', durationMs: 1500 },
    { type: 'page', title: 'Laptops · LapWorld', url: 'https://lapworld.example.com/c/laptops', durationMs: 2000 },
    { type: 'page', title: 'Vertex 15 · LapWorld', url: 'https://lapworld.example.com/p/vertex-15', durationMs: 1500 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Which features are a must?',
        description: 'Offers without them will be left out.',
        fields: [
          {
            type: 'checkbox',
            label: 'Must-have features',
            options: [
              { label: 'Backlit keyboard', value: 'backlight' },
              { label: 'At least 16 GB memory', value: 'ram16' },
              { label: 'USB-C charging', value: 'usbc' },
              { label: 'Touch screen', value: 'touch' },
            ],
          },
          { type: 'checkbox', label: 'Include refurbished offers', defaultValue: false },
        ],
      },
    },
    { type: 'page', title: 'Laptops · Compuzone', url: 'https://compuzone.example.com/laptops', durationMs: 2000 },
    { type: 'page', title: 'Nimbus 13 · Compuzone', url: 'https://compuzone.example.com/laptops/nimbus-13', durationMs: 1500 },
    { type: 'page', title: 'Reviews: Nimbus 13', url: 'https://reviews.example.com/nimbus-13', durationMs: 2000 },
    { type: 'page', title: 'Comparing 12 offers', url: 'https://search.example.com/compare', durationMs: 2500 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: (answers): ScenarioToolParameters => ({
        heading: 'Which offer should I reserve?',
        description: `${offersWithin(answers).length} of ${LAPTOPS.length} offers fit your budget of €${budgetOf(answers)}.`,
        fields: [
          {
            type: 'radio',
            label: 'Offer',
            required: true,
            options: offersShown(answers).map((offer, index) => ({
              label: `${offer.model} at ${offer.shop}, €${offer.price}`,
              value: index,
            })),
          },
          { type: 'textarea', label: 'Note to the shop', rows: 3, maxLength: 500, placeholder: 'Optional' },
        ],
        submitButton: { label: 'Reserve' },
      }),
    },
    { type: 'page', title: 'Reservation · TechHub', url: 'https://techhub.example.com/reserve', durationMs: 2000 },
  ],
  result: (answers): ScenarioOutcome => {
    const choice = findFormAnswer(answers, 'Offer');
    const reserved = typeof choice === 'number' ? offersShown(answers)[choice] : undefined;
    return {
      summary:
        reserved === undefined
          ? `Compared ${LAPTOPS.length} offers; nothing was reserved.`
          : `Compared ${LAPTOPS.length} offers and reserved the ${reserved.model} at ${reserved.shop} for €${reserved.price}.`,
      output: { offersCompared: LAPTOPS.length, offersWithinBudget: offersWithin(answers).length },
      dataTable: LAPTOPS.map((offer) => ({ title: `${offer.model} · ${offer.shop}`, value: offer.price, shop: offer.shop })),
    };
  },
};

/**
 * Every built-in scenario, in the order keywords are tried: the more specific ones come first,
 * so "Log in to my bank with 2FA" picks `two-factor`, not `login`.
 */
export const builtInScenarios: readonly Scenario[] = [
  failingRunScenario,
  longRunScenario,
  twoFactorScenario,
  nonFormToolScenario,
  shippingScenario,
  loginScenario,
];
