import type { HumanAnswer, HumanFormInputRequest, HumanLinkRequest, HumanSchemaRequest } from '../../../src/request';

/** A promise the test settles by hand. */
export function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** An `onAnswer` mock with the prompt's signature. */
export const answerMock = () => vi.fn<(answer: HumanAnswer) => void | Promise<void>>();

/** An MCP-like request: a flat object schema, decline and cancel allowed. */
export const shippingRequest: HumanSchemaRequest = {
  kind: 'form',
  id: 'elicit-1',
  source: 'mcp',
  title: 'Shipping details',
  message: 'Where should the order go?',
  schema: {
    type: 'object',
    properties: {
      city: { type: 'string', title: 'City' },
      count: { type: 'integer', title: 'Parcels', minimum: 1 },
      express: { type: 'boolean', title: 'Express' },
    },
    required: ['city'],
  },
  allows: { decline: true, cancel: true },
};

/** A `form_input` request (an AI SDK client-side tool), no other answer allowed. */
export const signInRequest: HumanFormInputRequest = {
  kind: 'form',
  id: 'call-1',
  source: 'ai-sdk',
  parameters: {
    heading: 'Sign in to Acme',
    fields: [
      { type: 'text', label: 'Username', required: true },
      { type: 'password', label: 'Password' },
      { type: 'text', label: 'Code', autocomplete: 'one-time-code' },
    ],
  },
};

/** A page to visit (MCP's URL mode). */
export const paymentRequest: HumanLinkRequest = {
  kind: 'link',
  id: 'elicit-url-1',
  source: 'mcp',
  message: 'Pay for the order on the shop’s page.',
  url: 'https://pay.example.com/checkout?order=42',
  allows: { decline: true, cancel: true },
};
