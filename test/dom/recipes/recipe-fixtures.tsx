/**
 * What the recipe tests share: a form of every kind, the answer it gives once filled, and the
 * steps that fill it through roles and labels, whatever renders it.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { FormAnswer } from '../../../src';

export type User = ReturnType<typeof userEvent.setup>;
export type OnSubmit = (answer: FormAnswer, input: string) => void | Promise<void>;

const sizes = [
  { label: 'Small', value: 's' },
  { label: 'Large', value: 2 },
];
const colours = [
  { label: 'Red', value: 'red' },
  { label: 'Blue', value: 'blue' },
];

/** One field of each of the 17 kinds, plus the two groups: a multiple select and checkboxes with options. */
export const EVERY_KIND = {
  heading: 'Every kind',
  fields: [
    { type: 'text', label: 'Text', required: true },
    { type: 'number', label: 'Number', min: 1 },
    { type: 'email', label: 'Email' },
    { type: 'tel', label: 'Phone' },
    { type: 'url', label: 'Website' },
    { type: 'password', label: 'Password' },
    { type: 'date', label: 'Date' },
    { type: 'time', label: 'Time' },
    { type: 'datetime-local', label: 'Appointment' },
    { type: 'month', label: 'Month' },
    { type: 'week', label: 'Week' },
    { type: 'textarea', label: 'Notes' },
    { type: 'select', label: 'Size', options: sizes },
    { type: 'select', label: 'Extras', multiple: true, options: colours },
    { type: 'checkbox', label: 'Agree' },
    { type: 'checkbox', label: 'Toppings', options: colours },
    { type: 'radio', label: 'Colour', options: colours },
    { type: 'switch', label: 'Newsletter' },
    { type: 'range', label: 'Volume', min: 0, max: 50, step: 10 },
  ],
};

/** What `EVERY_KIND` answers once `fillEveryKind` filled it. */
export const EVERY_KIND_ANSWER: FormAnswer = [
  { label: 'Text', value: 'hello' },
  { label: 'Number', value: 42 },
  { label: 'Email', value: 'ann@example.com' },
  { label: 'Phone', value: '+47 555 1234' },
  { label: 'Website', value: 'https://example.com/a' },
  { label: 'Password', value: 's3cret' },
  { label: 'Date', value: '2024-05-01' },
  { label: 'Time', value: '13:45' },
  { label: 'Appointment', value: '2024-05-01T13:45' },
  { label: 'Month', value: '2024-05' },
  { label: 'Week', value: '2024-W18' },
  { label: 'Notes', value: 'one\ntwo' },
  { label: 'Size', value: 2 },
  { label: 'Extras', value: ['blue'] },
  { label: 'Agree', value: true },
  { label: 'Toppings', value: ['red', 'blue'] },
  { label: 'Colour', value: 'blue' },
  { label: 'Newsletter', value: true },
  { label: 'Volume', value: 40 },
];

/**
 * Typed into, found by role and name: MUI writes a required field's mark into its `<label>`, so
 * the label's text is not the name there (the mark is hidden from the name). A password input has no role.
 */
const TYPED: Array<['textbox' | 'spinbutton' | undefined, string, string]> = [
  ['textbox', 'Text', 'hello'],
  ['spinbutton', 'Number', '42'],
  ['textbox', 'Email', 'ann@example.com'],
  ['textbox', 'Phone', '+47 555 1234'],
  ['textbox', 'Website', 'https://example.com/a'],
  [undefined, 'Password', 's3cret'],
  ['textbox', 'Notes', 'one{Enter}two'],
];

/** Values jsdom's date-like inputs take from a change event (typing into them is not supported there). */
const DATES: Array<[string, string]> = [
  ['Date', '2024-05-01'],
  ['Time', '13:45'],
  ['Appointment', '2024-05-01T13:45'],
  ['Month', '2024-05'],
  ['Week', '2024-W18'],
];

/** How a form's single select and slider are worked: they differ between design systems. */
export interface Widgets {
  /** Chooses `option` in the select named `label`. */
  choose: (user: User, label: string, option: string) => Promise<void>;
  /** Moves the slider named `label` to `value`. */
  slide: (user: User, label: string, value: number) => Promise<void>;
}

/** A Radix Select, worked by keyboard: jsdom has no layout for its pointer handling. */
export async function chooseInRadixSelect(user: User, label: string, option: string): Promise<void> {
  // Focusing mounts the library's list: a React update, so inside `act`.
  act(() => screen.getByRole('combobox', { name: label }).focus());
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('option', { name: option }));
}

/** A native range input: jsdom moves it by a change event only. */
export function slideNativeRange(_user: User, label: string, value: number): Promise<void> {
  fireEvent.change(screen.getByRole('slider', { name: label }), { target: { value: String(value) } });
  return Promise.resolve();
}

/** The library's own form is worked like this. */
export const LIBRARY_WIDGETS: Widgets = { choose: chooseInRadixSelect, slide: slideNativeRange };

/** Fills every field of `EVERY_KIND` as a person would, finding each by its role and name (or label). */
export async function fillEveryKind(user: User, widgets: Widgets): Promise<void> {
  for (const [role, name, text] of TYPED) await user.type(role ? screen.getByRole(role, { name }) : screen.getByLabelText(name), text);
  for (const [label, value] of DATES) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await widgets.choose(user, 'Size', 'Large');
  await user.click(within(screen.getByRole('group', { name: 'Extras' })).getByRole('checkbox', { name: 'Blue' }));
  await user.click(screen.getByRole('checkbox', { name: 'Agree' }));
  await user.click(within(screen.getByRole('group', { name: 'Toppings' })).getByRole('checkbox', { name: 'Red' }));
  await user.click(within(screen.getByRole('group', { name: 'Toppings' })).getByRole('checkbox', { name: 'Blue' }));
  await user.click(within(screen.getByRole('radiogroup', { name: 'Colour' })).getByRole('radio', { name: 'Blue' }));
  await user.click(screen.getByRole('switch', { name: 'Newsletter' }));
  await widgets.slide(user, 'Volume', 40);
}

/** Renders `ui`, runs `act`, presses the submit button and returns the one `input` string sent. */
export async function sentBy(user: User, ui: (onSubmit: OnSubmit) => ReactElement, act: () => Promise<void>): Promise<string> {
  const onSubmit = vi.fn<OnSubmit>();
  const { unmount } = render(ui(onSubmit));
  await act();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  unmount();
  return onSubmit.mock.calls[0]![1];
}
