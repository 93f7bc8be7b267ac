/**
 * What the Sources stories share: `<HumanRequestPrompt>` with, under it, what the framework
 * receives for the person's answer (the adapter's output, as JSON), so a designer sees both sides
 * of each request, and the `play` functions check what reached the source.
 */
import { useId, useState } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { HumanRequestPrompt, type HumanAnswer, type HumanRequest, type HumanRequestPromptProps } from '../../src';

/** A `play` function's canvas (queries bound to the story's root). */
type Canvas = StoryContext['canvas'];

/** The args every Sources story starts from: the request an adapter made, and `onAnswer` a spy. */
export function sourceArgs(request: HumanRequest) {
  return { request, onAnswer: fn<HumanRequestPromptProps['onAnswer']>() };
}

/** Lists `onAnswer` under "Events" in the args table. */
export const sourceArgTypes = { onAnswer: { table: { category: 'Events' } } } as const;

/** Props of `SourceStory`. */
export interface SourceStoryProps {
  /** What an adapter made of the framework's payload. */
  request: HumanRequest;
  /** The story's spy: every answer the prompt gives. */
  onAnswer: HumanRequestPromptProps['onAnswer'];
  /** The adapter's way back: what the framework receives for an answer (`toElicitResult`, …). */
  receive: (answer: HumanAnswer) => unknown;
  /** The framework's name, in the heading of what it receives. */
  framework: string;
}

/** The prompt, and under it what the framework receives once the person answered (or the deadline did). */
export function SourceStory({ request, onAnswer, receive, framework }: SourceStoryProps) {
  const [received, setReceived] = useState<string>();
  const headingId = useId();
  const answer = (given: HumanAnswer) => {
    let shown: string;
    try {
      shown = JSON.stringify(receive(given), null, 2);
    } catch (error) {
      // An adapter refusing an answer is worth seeing, not a blank story.
      shown = `The adapter refused the answer: ${error instanceof Error ? error.message : String(error)}`;
    }
    setReceived(shown);
    return onAnswer(given);
  };
  return (
    <div style={{ display: 'grid', gap: 24, padding: 16, maxWidth: 720 }}>
      <HumanRequestPrompt request={request} onAnswer={answer} />
      <section aria-labelledby={headingId}>
        <h2 id={headingId} style={{ fontSize: '1rem', margin: '0 0 8px' }}>
          What {framework} receives
        </h2>
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>{received ?? 'Nothing yet: no answer was given.'}</pre>
      </section>
    </div>
  );
}

/**
 * Loads what the prompt loads when first shown (the approval kit, the `form_input` form, the link,
 * the JSON editor, the countdown)
 * before the story renders, through the very modules it imports: a story waits for them by their
 * load, not by a time window, however long the dev server takes to serve them the first time.
 */
export async function promptPartsLoaded(): Promise<void> {
  await Promise.all([
    import('../../src/components/human-request-prompt/approval-request'),
    import('../../src/components/human-request-prompt/form-input-request-form'),
    import('../../src/components/human-request-prompt/link-request'),
    import('../../src/components/human-request-prompt/schema-json-answer'),
    import('../../src/components/human-request-prompt/time-left'),
  ]);
}

/** Expects the framework to have received `value` (shown under the prompt as JSON). */
export async function expectReceived(canvas: Canvas, framework: string, value: unknown): Promise<void> {
  const region = canvas.getByRole('region', { name: `What ${framework} receives` });
  const text = () => region.querySelector('pre')?.textContent ?? '';
  await waitFor(() => expect(text()).toBe(JSON.stringify(value, null, 2)));
}

/** Expects `onAnswer` to have been called exactly once, with `answer`. */
export async function expectAnsweredOnce(args: { onAnswer: HumanRequestPromptProps['onAnswer'] }, answer: HumanAnswer): Promise<void> {
  await waitFor(() => expect(args.onAnswer).toHaveBeenCalledTimes(1));
  await expect(args.onAnswer).toHaveBeenCalledWith(answer);
}

/** Markup and a script in agent-made text: the stories check each shows as the characters it is made of. */
export const HOSTILE_MARKUP = '<img src=x onerror="document.title=\'pwned\'"><b>URGENT</b>';

/** Expects no agent-made markup to have become elements, and no script to have run. */
export async function expectNoInjectedElements(canvasElement: HTMLElement): Promise<void> {
  await expect(canvasElement.querySelectorAll('section img, section script, section b, section iframe, [onerror]')).toHaveLength(0);
  await expect(document.title).not.toBe('pwned');
}
