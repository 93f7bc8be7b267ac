/**
 * What the recipe stories share: the form they render (every kind), the answer it sends once
 * filled, the steps that fill it in Chromium, and a frame that shows the sent answer under the form.
 */
import { useState, type ComponentType } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { FormAnswer, UseToolCallFormOptions } from '../../src';

type OnSubmit = (answer: FormAnswer, input: string) => void | Promise<void>;
/** A `play` function's canvas (queries bound to the story's root) and user. */
type Canvas = StoryContext['canvas'];
type UserEvent = StoryContext['userEvent'];

/** The args of a recipe story: the form's options (`onSubmit` a spy). */
export type RecipeArgs = UseToolCallFormOptions;

/** The args every recipe story starts from. */
export function recipeArgs(parameters: unknown) {
  return { parameters, onSubmit: fn<OnSubmit>() };
}

/**
 * The recipe `Form` with, under it, the answer it sent: `input` exactly as `onSubmit` received it
 * (the string for `submitToolInput`), which the `play` functions read.
 */
export function WithSentAnswer({ Form, onSubmit, ...options }: RecipeArgs & { Form: ComponentType<UseToolCallFormOptions> }) {
  const [sent, setSent] = useState<string>();
  const submit: OnSubmit = (answer, input) => {
    setSent(input);
    return onSubmit?.(answer, input);
  };
  return (
    <div style={{ display: 'grid', gap: 24, padding: 16 }}>
      <Form {...options} onSubmit={submit} />
      <section aria-label="Answer sent">
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>{sent ?? 'Nothing sent yet.'}</pre>
      </section>
    </div>
  );
}

/** Expects the answer shown under the form to be `answer`, encoded as the library encodes it. */
export async function expectAnswerShown(canvas: Canvas, answer: FormAnswer): Promise<void> {
  const shown = canvas.getByRole('region', { name: 'Answer sent' });
  await waitFor(() => expect(shown.textContent).toBe(JSON.stringify(answer)));
}

const shipping = [
  { label: 'Standard (free)', value: 'standard' },
  { label: 'Express (€9.90)', value: 'express' },
];
const gifts = [
  { label: 'Gift wrap', value: 'wrap' },
  { label: 'Card', value: 'card' },
];
const signature = [
  { label: 'No signature', value: 'none' },
  { label: 'Signature required', value: 'required' },
];

/** The 17 kinds, and a `multiple` select and a checkbox with options: the two groups. */
export const EVERY_KIND = {
  heading: 'Book the delivery',
  description: 'The shop needs a few details to book the courier for your order ACME-10427.',
  submitButton: { label: 'Book delivery' },
  fields: [
    { type: 'text', label: 'Full name', required: true, minLength: 2, autocomplete: 'name' },
    { type: 'number', label: 'Parcels', min: 1, max: 5 },
    { type: 'email', label: 'Email', required: true, placeholder: 'name@example.com' },
    { type: 'tel', label: 'Phone', pattern: '\\+?[0-9 ]{7,16}' },
    { type: 'url', label: 'Tracking page', readonly: true, defaultValue: 'https://track.example.com/ACME-10427' },
    { type: 'password', label: 'Door code', maxLength: 8 },
    { type: 'date', label: 'Delivery date' },
    { type: 'time', label: 'Earliest time' },
    { type: 'datetime-local', label: 'Call me at' },
    { type: 'month', label: 'Billing month', disabled: true, defaultValue: '2025-04' },
    { type: 'week', label: 'Holiday week' },
    { type: 'textarea', label: 'Instructions', rows: 3, placeholder: 'Gate code, where to leave it…' },
    { type: 'select', label: 'Shipping', options: shipping },
    { type: 'select', label: 'Gift options', multiple: true, options: gifts },
    { type: 'checkbox', label: 'Leave with a neighbour' },
    { type: 'checkbox', label: 'Extras', options: gifts },
    { type: 'radio', label: 'Signature', required: true, options: signature },
    { type: 'switch', label: 'Text me updates' },
    { type: 'range', label: 'Extra padding', min: 0, max: 5, step: 1 },
  ],
};

/** What `EVERY_KIND` sends once `fillEveryKind` filled it. */
export const EVERY_KIND_ANSWER: FormAnswer = [
  { label: 'Full name', value: 'Ada Lovelace' },
  { label: 'Parcels', value: 2 },
  { label: 'Email', value: 'ada@example.com' },
  { label: 'Phone', value: '+44 20 7946 0018' },
  { label: 'Tracking page', value: 'https://track.example.com/ACME-10427' },
  { label: 'Door code', value: '4711' },
  { label: 'Delivery date', value: '2025-04-10' },
  { label: 'Earliest time', value: '09:30' },
  { label: 'Call me at', value: '2025-04-09T18:00' },
  { label: 'Billing month', value: '2025-04' },
  { label: 'Holiday week', value: '2025-W20' },
  { label: 'Instructions', value: 'Ring twice.\nThe blue door.' },
  { label: 'Shipping', value: 'express' },
  { label: 'Gift options', value: ['wrap', 'card'] },
  { label: 'Leave with a neighbour', value: true },
  { label: 'Extras', value: ['card'] },
  { label: 'Signature', value: 'required' },
  { label: 'Text me updates', value: true },
  { label: 'Extra padding', value: 4 },
];

/** Read-only and disabled fields: shown, focusable when read-only, sent as they are. */
export const FIXED = {
  heading: 'Confirm your order',
  fields: [
    { type: 'text', label: 'Order number', readonly: true, required: true, defaultValue: 'ACME-10427' },
    { type: 'email', label: 'Account', disabled: true, defaultValue: 'ada@example.com' },
    { type: 'select', label: 'Shipping', readonly: true, options: shipping, defaultValue: 'express' },
    { type: 'checkbox', label: 'Gift', disabled: true, defaultValue: true },
    { type: 'radio', label: 'Signature', readonly: true, options: signature, defaultValue: 'none' },
    { type: 'switch', label: 'Text me updates', readonly: true, defaultValue: true },
    { type: 'range', label: 'Extra padding', readonly: true, min: 0, max: 5, defaultValue: 1 },
  ],
};

/** What `FIXED` sends. */
export const FIXED_ANSWER: FormAnswer = [
  { label: 'Order number', value: 'ACME-10427' },
  { label: 'Account', value: 'ada@example.com' },
  { label: 'Shipping', value: 'express' },
  { label: 'Gift', value: true },
  { label: 'Signature', value: 'none' },
  { label: 'Text me updates', value: true },
  { label: 'Extra padding', value: 1 },
];

/** Sets an input's value as the browser's own picker does: the value, then an `input` event (React's `onChange`). */
export function setNativeValue(input: HTMLElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** How a design system's single select and slider are worked. */
export interface Widgets {
  choose: (canvas: Canvas, user: UserEvent, label: string, option: string) => Promise<void>;
  slide: (canvas: Canvas, user: UserEvent, label: string, value: number) => Promise<void>;
}

/** Fills `EVERY_KIND` as a person would, each field found by its role and name (or label). */
export async function fillEveryKind(canvas: Canvas, user: UserEvent, widgets: Widgets): Promise<void> {
  await user.type(canvas.getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
  await user.type(canvas.getByRole('spinbutton', { name: 'Parcels' }), '2');
  await user.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(canvas.getByRole('textbox', { name: 'Phone' }), '+44 20 7946 0018');
  await user.type(canvas.getByLabelText('Door code'), '4711');
  // Date-like inputs: typing into their segments depends on the browser's locale; a picker sets the value.
  setNativeValue(canvas.getByLabelText('Delivery date'), '2025-04-10');
  setNativeValue(canvas.getByLabelText('Earliest time'), '09:30');
  setNativeValue(canvas.getByLabelText('Call me at'), '2025-04-09T18:00');
  setNativeValue(canvas.getByLabelText('Holiday week'), '2025-W20');
  await user.type(canvas.getByRole('textbox', { name: 'Instructions' }), 'Ring twice.{Enter}The blue door.');
  await widgets.choose(canvas, user, 'Shipping', 'Express (€9.90)');
  const giftOptions = within(canvas.getByRole('group', { name: 'Gift options' }));
  await user.click(giftOptions.getByRole('checkbox', { name: 'Card' }));
  await user.click(giftOptions.getByRole('checkbox', { name: 'Gift wrap' }));
  await user.click(canvas.getByRole('checkbox', { name: 'Leave with a neighbour' }));
  await user.click(within(canvas.getByRole('group', { name: 'Extras' })).getByRole('checkbox', { name: 'Card' }));
  await user.click(canvas.getByRole('radio', { name: 'Signature required' }));
  await user.click(canvas.getByRole('switch', { name: 'Text me updates' }));
  await widgets.slide(canvas, user, 'Extra padding', 4);
}

/**
 * Expects the last submit to have been refused: nothing sent, a summary announced, focus on the
 * first invalid field, which is marked invalid and described by its message.
 */
export async function expectRefused(
  canvas: Canvas,
  args: RecipeArgs,
  refusal: { summary: string; focused: HTMLElement; message: string },
): Promise<void> {
  await expect(args.onSubmit).not.toHaveBeenCalled();
  await expect(await canvas.findByRole('alert')).toHaveTextContent(refusal.summary);
  await waitFor(() => expect(document.activeElement).toBe(refusal.focused));
  await expect(refusal.focused).toHaveAttribute('aria-invalid', 'true');
  await expect(refusal.focused).toHaveAccessibleDescription(refusal.message);
}
