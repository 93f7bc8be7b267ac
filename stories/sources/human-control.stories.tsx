import type { Meta, StoryObj } from '@storybook/react-vite';
import { useId, useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import {
  controlOutcome,
  controlRequestFromToolCall,
  createTaskClient,
  HumanRequestPrompt,
  humanControlRequest,
  type ControlLeaseTarget,
  type HumanAnswer,
  type HumanRequestPromptProps,
} from '../../src';
import { CONTROL_HELD_CODE } from '../../src/client';
import { liveViewConnected } from '../support/loaded';
import { livePageUrl } from '../support/simulator-assets';
import { expectAnsweredOnce, expectReceived, HOSTILE_MARKUP, promptPartsLoaded, sourceArgs, sourceArgTypes } from './source-story';

const RECEIVES = 'the agent';

/** A hand-off whose id is the story's own: stories side by side in one browser do not share a lock. */
const handOff = (id: string) =>
  humanControlRequest({
    id,
    source: 'browserbase',
    liveUrl: livePageUrl(),
    reason: 'A CAPTCHA blocks the checkout of order 4411.',
    instructions: 'Tick “I am not a robot”, solve the pictures if asked, then hand back.',
  });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A stand-in of the proxy's control lease of one hand-off (`GET|POST {basePath}/control/{id}`), in
 * the page, as the protocol says: this page's person is `you`; `heldBy` someone else holds it from
 * the start (their page renews it for as long as the story runs).
 */
function standInLease(id: string, heldBy?: { user: string; since: number }): ControlLeaseTarget {
  const TTL_MS = 5000;
  let holder: { user: string; lease: string; since: number; until: number } | undefined =
    heldBy === undefined ? undefined : { ...heldBy, lease: 'another-persons-lease', until: Infinity };
  const fetch = async (request: Request): Promise<Response> => {
    if (holder !== undefined && Date.now() >= holder.until) holder = undefined;
    const shown = holder === undefined ? null : { user: holder.user, since: holder.since };
    if (request.method === 'GET') return json(200, { success: true, data: { holder: shown, ttlMs: TTL_MS } });
    const body = (await request.json()) as { action: 'take' | 'release'; lease: string };
    const mine = holder?.user === 'you' && holder.lease === body.lease;
    if (body.action === 'release') {
      if (mine) holder = undefined;
      return json(200, { success: true, data: { holder: holder === undefined ? null : shown, ttlMs: TTL_MS, you: false } });
    }
    if (holder !== undefined && !mine)
      return json(409, { success: false, error: 'Someone else has control', code: CONTROL_HELD_CODE, details: shown });
    holder = { user: 'you', lease: body.lease, since: holder?.since ?? Date.now(), until: Date.now() + TTL_MS };
    return json(200, { success: true, data: { holder: { user: 'you', since: holder.since }, ttlMs: TTL_MS, you: true } });
  };
  return { client: createTaskClient({ baseUrl: 'https://proxy.example/api/hitl', fetch }), id };
}

/** Today at 10:41, in the browser's time zone. */
const at1041 = () => new Date().setHours(10, 41, 0, 0);

/** The prompt, and under it the `human_control` tool's input the agent reads once the hand-off ended. */
function ControlStory({ onAnswer, ...props }: HumanRequestPromptProps) {
  const [received, setReceived] = useState<string>();
  const headingId = useId();
  const answer = (given: HumanAnswer) => {
    setReceived(JSON.stringify(controlOutcome(given), null, 2));
    return onAnswer(given);
  };
  return (
    <div style={{ display: 'grid', gap: 24, padding: 16, maxWidth: 720 }}>
      <HumanRequestPrompt {...props} onAnswer={answer} />
      <section aria-labelledby={headingId}>
        <h2 id={headingId} style={{ fontSize: '1rem', margin: '0 0 8px' }}>
          What {RECEIVES} receives
        </h2>
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>{received ?? 'Nothing yet: no answer was given.'}</pre>
      </section>
    </div>
  );
}

/**
 * A hand-off of the agent's browser (`kind: 'control'`): from any source with a live view
 * (`humanControlRequest`, here an agent on Browserbase) or the task service's `human_control` call
 * (`controlRequestFromToolCall`). The person takes control of the live view, one tab of the
 * browser at a time, or with `controlLease` (here a stand-in of the proxy's lease) one page of
 * everyone's, and hands back; the agent receives `{ done, note? }`, or `{ done: false,
 * expired: true }` at the deadline.
 */
const meta = {
  title: 'Sources/Take the wheel',
  component: HumanRequestPrompt,
  tags: ['autodocs'],
  args: sourceArgs(handOff('story-waiting')),
  argTypes: sourceArgTypes,
  loaders: [promptPartsLoaded, () => import('../../src/components/human-request-prompt/control-request')],
  render: (args) => <ControlStory {...args} />,
  // The frame keeps its 16:10 shape at the width it is given.
  decorators: [(Story) => <div style={{ maxWidth: '44rem' }}>{Story()}</div>],
} satisfies Meta<typeof HumanRequestPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting: the reason and instructions, the live view read-only, and "Take control"; nobody holds control at the proxy. */
export const Waiting: Story = {
  args: { ...sourceArgs(handOff('story-waiting')), controlLease: standInLease('story-waiting') },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('button', { name: 'Take control' })).toBeVisible();
    await expect(canvasElement.querySelector('.hitl-control')).toHaveAttribute('data-state', 'waiting');
    await expect(canvas.getByTitle('Live view of the agent’s browser')).toHaveAttribute('inert');
    await liveViewConnected(canvasElement);
  },
};

/** Held by this person (the proxy said so): the view interactive, focus in the frame, "Hand back" with a note. */
export const HeldByMe: Story = {
  args: { ...sourceArgs(handOff('story-held')), controlLease: standInLease('story-held') },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Take control' }));
    // The frame is made anew with the sandbox of control (a frame keeps the one it loaded with).
    const frame = () => canvas.getByTitle('Live view of the agent’s browser');
    await waitFor(() => expect(frame()).not.toHaveAttribute('inert'));
    await expect(canvasElement.querySelector('.hitl-control')).toHaveAttribute('data-state', 'held');
    // Focus goes into the frame once it shows (a frame still loading takes none).
    await waitFor(() => expect(frame().ownerDocument.activeElement).toBe(frame()));
    await expect(canvas.getByRole('button', { name: 'Leave the live view' })).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Note for the agent (optional)' }), 'Ticked the box');
    await userEvent.click(canvas.getByRole('button', { name: 'Hand back' }));
    await expectReceived(canvas, RECEIVES, { done: true, note: 'Ticked the box' });
    await expectAnsweredOnce(args, { requestId: 'story-held', action: 'accept', control: { done: true, note: 'Ticked the box' } });
  },
};

/**
 * Held by someone else, as the proxy says (`controlLease`): who and since when, the view read-only;
 * "Take control" is refused until they hand back or their page goes.
 */
export const HeldBySomeoneElse: Story = {
  args: {
    ...sourceArgs(handOff('story-someone-else')),
    controlLease: standInLease('story-someone-else', { user: 'Alice', since: at1041() }),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(/has control since 10:41/)).toBeVisible();
    await expect(canvasElement.querySelector('.hitl-control-status')).toHaveTextContent(
      /^Alice has control since 10:41.*\. This view is read-only until they hand back\.$/,
    );
    await expect(canvasElement.querySelector('.hitl-control')).toHaveAttribute('data-state', 'held-elsewhere');
    await expect(canvas.getByTitle('Live view of the agent’s browser')).toHaveAttribute('inert');
    await expect(canvas.getByRole('button', { name: 'Take control' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Held by another tab of this browser (here, the prompt on the right): read-only, and said so. */
export const HeldByAnotherTab: Story = {
  args: sourceArgs(handOff('story-elsewhere')),
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <HumanRequestPrompt {...args} id="this-tab" />
      <HumanRequestPrompt {...args} id="other-tab" />
    </div>
  ),
  play: async ({ canvasElement, userEvent }) => {
    const other = canvasElement.querySelector<HTMLElement>('#other-tab')!;
    const mine = canvasElement.querySelector<HTMLElement>('#this-tab')!;
    await userEvent.click(await within(other).findByRole('button', { name: 'Take control' }));
    await expect(await within(mine).findByText('Another tab has control. This view is read-only until it hands back.')).toBeVisible();
    await expect(mine.querySelector('.hitl-control')).toHaveAttribute('data-state', 'held-elsewhere');
    await expect(mine.querySelector('iframe')).toHaveAttribute('inert');
  },
};

/** The deadline passed: control ended (the view is gone) and the agent is told it expired. */
export const Expired: Story = {
  args: sourceArgs({ ...handOff('story-expired'), deadline: Date.now() - 1000 }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This request expired.');
    await expect(canvas.queryByTitle('Live view of the agent’s browser')).not.toBeInTheDocument();
    await expectReceived(canvas, RECEIVES, { done: false, expired: true });
  },
};

/** The live view did not load: no control to take, "Reconnect" offered. */
export const FailedToLoad: Story = {
  args: { ...sourceArgs(handOff('story-failed')), liveView: { loadTimeoutMs: 1, autoReconnectAttempts: 0 } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(/The live view could not be loaded, so control cannot be taken/)).toBeVisible();
    await expect(canvasElement.querySelector('.hitl-control')).toHaveAttribute('data-state', 'failed');
    await expect(canvas.getByRole('button', { name: 'Reconnect' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Take control' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The task service's `human_control` call, its reason and instructions agent-made text: shown as written. */
export const TaskServiceCall: Story = {
  args: sourceArgs(
    controlRequestFromToolCall(
      {
        toolCallId: 'call_hc_51',
        tool: { name: 'human_control', parameters: { reason: `Press and hold ${HOSTILE_MARKUP}`, instructions: 'Hold the button 3 s.' } },
      },
      { liveUrl: livePageUrl() },
    ),
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(`Press and hold ${HOSTILE_MARKUP}`)).toBeVisible();
    await expect(canvas.getByText('Hold the button 3 s.')).toBeVisible();
    await expect(canvasElement.querySelectorAll('section img, section b, [onerror]')).toHaveLength(0);
  },
};
