/**
 * Typed tools, checked by the compiler (`npm run typecheck`, and against the packed package by
 * test/e2e/packed-package.test.ts): each `@ts-expect-error` below is a mistake a user must not be
 * able to compile. Should the types stop catching one, the directive itself becomes the error.
 */
import { defineTool, formInputTool, RunViewer, ToolCallForm, ToolCallPrompt, type ToolCall, type ToolRendererProps } from '../../src';

const approvePurchase = defineTool({
  name: 'approve_purchase',
  description: 'Ask before paying.',
  parameters: {
    type: 'object',
    properties: { item: { type: 'string' }, amount: { type: 'number' }, currency: { enum: ['EUR', 'USD'] } },
    required: ['item', 'amount'],
  },
});
const tools = [formInputTool(), approvePurchase];

function ApprovePurchase({ parameters, submit }: ToolRendererProps<{ item: string; amount: number; currency?: 'EUR' | 'USD' }>) {
  return <button onClick={() => void submit('{"approved":true}')}>{`Buy ${parameters.item} for ${parameters.amount.toFixed(2)}`}</button>;
}
function CountsItems({ parameters }: ToolRendererProps<{ item: number }>) {
  return <p>{parameters.item.toFixed(0)}</p>;
}

export const typed = <RunViewer taskId="t" tools={tools} renderers={{ approve_purchase: ApprovePurchase }} />;

// A renderer written for other parameters.
// @ts-expect-error `item` is a string in the schema, not a number.
export const wrongParameters = <RunViewer taskId="t" tools={tools} renderers={{ approve_purchase: CountsItems }} />;

// A renderer for a tool the task does not have.
// @ts-expect-error no tool is named `approve_refund`.
export const unknownTool = <RunViewer taskId="t" tools={tools} renderers={{ approve_refund: ApprovePurchase }} />;

export const inline = (
  <RunViewer
    taskId="t"
    tools={tools}
    renderers={{
      approve_purchase: ({ parameters }) => <p>{parameters.item.toUpperCase()}</p>,
      form_input: ({ parameters }) => <p>{parameters.heading}</p>,
    }}
  />
);

export const inlineMistake = (
  <RunViewer
    taskId="t"
    tools={tools}
    renderers={{
      // @ts-expect-error the schema has no `price`.
      approve_purchase: ({ parameters }) => <p>{parameters.price}</p>,
    }}
  />
);

// Plain definitions and no tools at all stay as before: any name, `unknown` parameters.
declare const call: ToolCall;
export const untyped = (
  <ToolCallPrompt
    toolCall={call}
    onSubmit={() => {}}
    renderers={{ anything: ({ submit }) => <button onClick={() => void submit('')}>Go</button> }}
  />
);

// `ToolCallForm` takes the parameters of `form_input`, typed, or whatever a call brought.
export const form = <ToolCallForm parameters={{ heading: 'Sign in', fields: [{ type: 'email', label: 'Email' }] }} />;
export const fromCall = <ToolCallForm parameters={call.tool.parameters} />;
