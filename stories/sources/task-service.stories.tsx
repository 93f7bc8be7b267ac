import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  encodeFormAnswer,
  HumanRequestPrompt,
  type HumanAnswer,
  type HumanFormInputRequest,
  type ToolCall,
  type ToolInputRequest,
} from '../../src';
import {
  expectAnsweredOnce,
  expectNoInjectedElements,
  expectReceived,
  HOSTILE_MARKUP,
  promptPartsLoaded,
  SourceStory,
  sourceArgs,
  sourceArgTypes,
} from './source-story';

/** The run's pending `form_input` call (`GET …/run/status`, `toolCall`). */
const signIn: ToolCall = {
  toolCallId: 'call_7c1e9a',
  tool: {
    name: 'form_input',
    parameters: {
      heading: 'Sign in to Acme Shop',
      description: 'The agent reached the login page of acme.example.',
      fields: [
        { type: 'text', label: 'Username', required: true, autocomplete: 'username' },
        { type: 'password', label: 'Password', required: true },
      ],
      submitButton: { label: 'Sign in' },
    },
  },
};

/** The service's call as a request: `toolCallId` is its id, the parameters are the form. */
const fromToolCall = (toolCall: ToolCall): HumanFormInputRequest => ({
  kind: 'form',
  id: toolCall.toolCallId,
  source: 'task-service',
  parameters: toolCall.tool.parameters,
});

/** What `POST …/run/tool-input` carries (`useToolInput().submit(toolCallId, answer.answer)` sends it, once). */
const receive = (answer: HumanAnswer): ToolInputRequest => {
  if (!('answer' in answer)) throw new TypeError('The task service takes a form’s answer only');
  return { toolCallId: answer.requestId, input: encodeFormAnswer(answer.answer) };
};

const RECEIVES = 'the task service';

/**
 * The task service's own `form_input` call, the source `<RunViewer>` renders by itself, as a
 * `HumanRequest`: for a page that shows the requests of every source in one list. The service
 * takes a form's answer only: no Decline or Cancel.
 */
const meta = {
  title: 'Sources/Task service',
  component: HumanRequestPrompt,
  tags: ['autodocs'],
  args: sourceArgs(fromToolCall(signIn)),
  argTypes: sourceArgTypes,
  loaders: [promptPartsLoaded],
  render: (args) => <SourceStory {...args} receive={receive} framework={RECEIVES} />,
} satisfies Meta<typeof HumanRequestPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The call's form, under the request's heading. */
export const FormInputCall: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Sign in to Acme Shop', level: 3 })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  },
};

/** Answered: the `tool-input` body, the answer encoded as the service expects it. */
export const Answered: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Username/ }), 'ada');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct horse battery staple');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    const answer = [
      { label: 'Username', value: 'ada' },
      { label: 'Password', value: 'correct horse battery staple' },
    ];
    await expectReceived(canvas, RECEIVES, { toolCallId: 'call_7c1e9a', input: JSON.stringify(answer) });
    await expectAnsweredOnce(args, { requestId: 'call_7c1e9a', action: 'accept', answer });
  },
};

/** Parameters no form can be made of: the problems are shown, and nothing can be sent. */
export const InvalidParameters: Story = {
  args: { request: fromToolCall({ toolCallId: 'call_bad', tool: { name: 'form_input', parameters: { fields: 'username' } } }) },
  play: async ({ args, canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/cannot be shown/i);
    await expect(args.onAnswer).not.toHaveBeenCalled();
  },
};

/** Agent-made markup in the heading and labels shows as the characters it is made of. */
export const HostileParameters: Story = {
  args: {
    request: fromToolCall({
      toolCallId: 'call_h0571',
      tool: {
        name: 'form_input',
        parameters: { heading: `Verify ${HOSTILE_MARKUP}`, fields: [{ type: 'text', label: `Code ${HOSTILE_MARKUP}` }] },
      },
    }),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: `Verify ${HOSTILE_MARKUP}` })).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: `Code ${HOSTILE_MARKUP}` })).toBeInTheDocument();
    await expectNoInjectedElements(canvasElement);
  },
};
