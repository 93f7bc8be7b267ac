import { render, screen, within } from '@testing-library/react';
import { ToolCallForm } from '../../../src/components/tool-call-form';
import type { FormInputProblem } from '../../../src/schema';
import { renderForm } from './render-form';

/** Renders parameters that must not yield a form, and returns the alert and the reported problems. */
function renderFatal(parameters: unknown) {
  const onInvalidParameters = vi.fn<(problems: FormInputProblem[]) => void>();
  render(<ToolCallForm parameters={parameters} onInvalidParameters={onInvalidParameters} />);
  expect(document.querySelector('form')).toBeNull();
  expect(onInvalidParameters).toHaveBeenCalledTimes(1);
  return { alert: screen.getByRole('alert'), problems: onInvalidParameters.mock.calls[0]![0] };
}

describe('fatal: no form, an alert saying what is wrong', () => {
  it.each([
    [null, 'The parameters must be an object, not null.'],
    [[], 'The parameters must be an object, not an array.'],
    ['fill this in', 'The parameters must be an object, not a string.'],
    [42, 'The parameters must be an object, not a number.'],
  ])('non-object parameters %j', (parameters, sentence) => {
    const { alert, problems } = renderFatal(parameters);
    expect(alert).toHaveTextContent('This form cannot be shown');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(sentence);
    expect(problems).toEqual([{ code: 'schema', severity: 'error', path: '', message: sentence }]);
  });

  it('`fields` that is not an array', () => {
    const { alert } = renderFatal({ fields: { type: 'text' } });
    expect(alert).toHaveTextContent('The form: "fields" must be an array, not an object.');
  });

  it('a field that is not an object, and one without a type: every problem listed', () => {
    const { alert, problems } = renderFatal({ fields: [{ type: 'text', label: 'Ok' }, 'email', { label: 'Email' }] });
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Field 2 must be an object, not a string.', 'Field 3 (Email): "type" is missing.']);
    expect(problems.map((problem) => [problem.path, problem.fieldIndex])).toEqual([
      ['/fields/1', 1],
      ['/fields/2', 2],
    ]);
  });

  it('properties of the wrong type', () => {
    const { alert } = renderFatal({
      heading: 7,
      fields: [{ type: 'select', label: 'Plan', required: 'yes', options: [{ label: 'A' }, { label: 'B', value: true }] }],
    });
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The form: "heading" must be a string, not a number.',
      'Field 1 (Plan): "required" must be true or false, not a string.',
      'Field 1 (Plan), option 1: "value" is missing.',
      'Field 1 (Plan), option 2: "value" must be a string or a number, not a boolean.',
    ]);
  });

  it('reports once per distinct parameters, not again for a poll’s identical copy', () => {
    const onInvalidParameters = vi.fn();
    const { rerender } = render(<ToolCallForm parameters={{ fields: 'x' }} onInvalidParameters={onInvalidParameters} />);
    rerender(<ToolCallForm parameters={{ fields: 'x' }} onInvalidParameters={onInvalidParameters} />);
    expect(onInvalidParameters).toHaveBeenCalledTimes(1);
    rerender(<ToolCallForm parameters={{ fields: 'y' }} onInvalidParameters={onInvalidParameters} />);
    expect(onInvalidParameters).toHaveBeenCalledTimes(2);
  });

  it('never throws for exotic objects', () => {
    const cyclic: Record<string, unknown> = { fields: [] };
    cyclic.self = cyclic;
    const throwing = Object.defineProperty({}, 'fields', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    // A cycle never ends, so it is refused as nested too deep.
    const first = render(<ToolCallForm parameters={cyclic} />);
    expect(within(first.container).getByRole('alert')).toHaveTextContent('The form is nested more than 32 levels deep.');
    let second: ReturnType<typeof render> | undefined;
    expect(() => (second = render(<ToolCallForm parameters={throwing} />))).not.toThrow();
    expect(within(second!.container).getByRole('alert')).toHaveTextContent('The parameters could not be read.');
  });
});

describe('tolerated: the form renders, with a note where the person needs one', () => {
  function renderTolerated(fields: unknown[]) {
    const onInvalidParameters = vi.fn<(problems: FormInputProblem[]) => void>();
    const form = renderForm({ fields }, { onInvalidParameters });
    const problems = onInvalidParameters.mock.calls[0]?.[0] ?? [];
    expect(problems.every((problem) => problem.severity === 'warning')).toBe(true);
    return { ...form, problems };
  }

  it('an unknown type renders as text with a visible note', async () => {
    const form = renderTolerated([{ type: 'colour', label: 'Favourite colour' }]);
    const input = screen.getByRole('textbox', { name: 'Favourite colour' });
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByText('Shown as a text field: the kind "colour" is not supported.')).toBeInTheDocument();
    expect(form.problems).toEqual([
      expect.objectContaining({
        code: 'unknown-type',
        path: '/fields/0/type',
        message: expect.stringContaining('Field 1 (Favourite colour): "type" must be one of text, number,') as unknown,
      }),
    ]);
    await form.user.type(input, 'teal');
    expect(await form.submitAnswer()).toEqual([{ label: 'Favourite colour', value: 'teal' }]);
  });

  it('min above max: neither applies, and a note says so', async () => {
    const form = renderTolerated([{ type: 'number', label: 'Qty', min: 10, max: 1 }]);
    const input = screen.getByRole('spinbutton', { name: 'Qty' });
    expect(input).not.toHaveAttribute('min');
    expect(input).not.toHaveAttribute('max');
    expect(screen.getByText('The requested limits contradict each other and are not checked.')).toBeInTheDocument();
    expect(form.problems.map((problem) => problem.code)).toEqual(['min-above-max']);
    await form.user.type(input, '5');
    expect(await form.submitAnswer()).toEqual([{ label: 'Qty', value: 5 }]);
  });

  it('minLength above maxLength: neither applies', () => {
    const form = renderTolerated([{ type: 'text', label: 'Code', minLength: 9, maxLength: 2 }]);
    expect(screen.getByRole('textbox', { name: 'Code' })).not.toHaveAttribute('maxlength');
    expect(form.problems.map((problem) => problem.code)).toEqual(['length-min-above-max']);
  });

  it('a pattern that is not a regular expression: the field renders without it, with a note', async () => {
    const form = renderTolerated([{ type: 'text', label: 'Code', pattern: '([a-z' }]);
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input).not.toHaveAttribute('pattern');
    expect(screen.getByText('The requested format cannot be checked here, so any text is accepted.')).toBeInTheDocument();
    await form.user.type(input, 'anything');
    expect(await form.submitAnswer()).toEqual([{ label: 'Code', value: 'anything' }]);
  });

  it('a default of the wrong type is not used (reported, no note)', async () => {
    const form = renderTolerated([
      { type: 'number', label: 'Seats', defaultValue: 'many' },
      { type: 'switch', label: 'On', defaultValue: 'yes' },
      { type: 'radio', label: 'Plan', defaultValue: 'gold', options: [{ label: 'Silver', value: 'silver' }] },
    ]);
    expect(form.problems.map((problem) => [problem.code, problem.fieldIndex])).toEqual([
      ['default-ignored', 0],
      ['default-ignored', 1],
      ['default-ignored', 2],
    ]);
    expect(await form.submitAnswer()).toEqual([
      { label: 'Seats', value: null },
      { label: 'On', value: false },
      { label: 'Plan', value: null },
    ]);
  });

  it('select or radio without options: a note, and "required" cannot block the person', async () => {
    const form = renderTolerated([
      { type: 'radio', label: 'Plan', options: [], required: true },
      { type: 'select', label: 'Seat', required: true },
    ]);
    expect(screen.getAllByText('There are no options to choose from.')).toHaveLength(2);
    expect(await form.submitAnswer()).toEqual([
      { label: 'Plan', value: null },
      { label: 'Seat', value: null },
    ]);
  });

  it('a checkbox with empty options is one boolean checkbox', async () => {
    const form = renderTolerated([{ type: 'checkbox', label: 'Agree', options: [] }]);
    await form.user.click(screen.getByRole('checkbox', { name: 'Agree' }));
    expect(await form.submitAnswer()).toEqual([{ label: 'Agree', value: true }]);
  });

  it('duplicate labels: unique ids, and the answer keeps both entries', async () => {
    const form = renderTolerated([
      { type: 'text', label: 'Name' },
      { type: 'text', label: 'Name' },
    ]);
    const [first, second] = screen.getAllByRole('textbox', { name: 'Name' });
    expect(first!.id).not.toBe(second!.id);
    await form.user.type(first!, 'Ann');
    await form.user.type(second!, 'Bo');
    expect(await form.submitAnswer()).toEqual([
      { label: 'Name', value: 'Ann' },
      { label: 'Name', value: 'Bo' },
    ]);
  });

  it('unknown properties are ignored without a problem', () => {
    const onInvalidParameters = vi.fn();
    renderForm({ fields: [{ type: 'text', label: 'A', tooltip: 'x' }], theme: 'dark' }, { onInvalidParameters });
    expect(screen.getByRole('textbox', { name: 'A' })).toBeInTheDocument();
    expect(onInvalidParameters).not.toHaveBeenCalled();
  });

  it('no fields at all: a heading and a submit button, answered with []', async () => {
    const form = renderForm({ heading: 'Continue?' });
    expect(screen.getByRole('heading', { name: 'Continue?' })).toBeInTheDocument();
    expect(await form.submitAnswer()).toEqual([]);
  });
});

describe('hostile strings render as inert text', () => {
  const hostile = {
    script: '<script>window.pwned = true</script>',
    image: '<img src=x onerror="window.pwned = true">',
    bidi: 'Pay \u202Egnp.exe\u202C now',
    link: 'javascript:alert(document.cookie)',
    long: 'W'.repeat(20_000),
  };

  it('in heading, description, labels, options, placeholder and the button', async () => {
    const form = renderForm({
      heading: hostile.script,
      description: hostile.image,
      fields: [
        { type: 'text', label: hostile.bidi, placeholder: hostile.script },
        { type: 'radio', label: hostile.link, options: [{ label: hostile.image, value: hostile.script }] },
        { type: 'select', label: hostile.long, options: [{ label: hostile.script, value: 1 }] },
      ],
      submitButton: { label: hostile.image },
    });
    expect(screen.getByRole('heading', { name: hostile.script })).toBeInTheDocument();
    expect(screen.getByText(hostile.image, { selector: 'p' })).toBeInTheDocument();
    expect(document.querySelector('script, img')).toBeNull();
    expect(document.querySelector('a')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    // Bidi overrides are fenced in an isolated label (dir="auto"), so they cannot reorder the text around them.
    expect(screen.getByText(hostile.bidi)).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('textbox', { name: hostile.bidi })).toHaveAttribute('placeholder', hostile.script);
    // A long label is cut for display until the person asks for all of it; the answer keeps it whole.
    expect(screen.getByRole('combobox', { name: `${'W'.repeat(1000)}…` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all (20,000 characters)' })).toBeInTheDocument();
    await form.user.click(screen.getByRole('radio', { name: hostile.image }));
    const answer = await form.submitAnswer();
    expect(answer[1]).toEqual({ label: hostile.link, value: hostile.script });
    expect(answer[2]?.label).toBe(hostile.long);
  });

  it('in the problem list of invalid parameters, shortened', () => {
    render(<ToolCallForm parameters={{ fields: [{ label: hostile.long + hostile.script }] }} />);
    const item = screen.getByRole('listitem');
    expect(item.textContent).toBe(`Field 1 (${'W'.repeat(40)}…): "type" is missing.`);
    expect(document.querySelector('script')).toBeNull();
  });
});
