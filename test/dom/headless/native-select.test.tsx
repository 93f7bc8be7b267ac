/**
 * The first select anyone writes with the headless hook: `<option value={option.value}>`, not the
 * position keys of `getOptionProps(i).value`. It answers the chosen option; anything else says
 * what is wrong in development instead of answering null in silence.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToolCallForm, type FormAnswer, type FormFieldOption, type HeadlessField } from '../../../src';

const PARAMETERS = {
  heading: 'Delivery',
  fields: [
    {
      type: 'select',
      label: 'Speed',
      options: [
        { label: 'Standard', value: 'standard' },
        { label: 'Express', value: 'express' },
      ],
    },
    // Own values that are positions too, in another order: "1" is Zero's position but One's value.
    {
      type: 'select',
      label: 'Boxes',
      options: [
        { label: 'One', value: 1 },
        { label: 'Zero', value: 0 },
      ],
    },
  ],
};

type OptionAttributes = (field: HeadlessField, option: FormFieldOption, index: number) => { value: string | number };

function SelectForm({ optionAttributes, onSubmit }: { optionAttributes: OptionAttributes; onSubmit: (answer: FormAnswer) => void }) {
  const form = useToolCallForm({ parameters: PARAMETERS, onSubmit });
  return (
    <form {...form.getFormProps()}>
      {form.fields.map((field) => (
        <div key={field.index}>
          <label {...field.getLabelProps()}>{field.label}</label>
          <select {...field.getInputProps()}>
            <option value="">Choose…</option>
            {field.options.map((option, index) => (
              <option key={index} {...optionAttributes(field, option, index)}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit">{form.submitLabel}</button>
    </form>
  );
}

async function chooseAndSubmit(optionAttributes: OptionAttributes) {
  const user = userEvent.setup();
  const onSubmit = vi.fn<(answer: FormAnswer) => void>();
  render(<SelectForm optionAttributes={optionAttributes} onSubmit={onSubmit} />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Speed' }), 'Express');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Boxes' }), 'One');
  // The select shows what was chosen, in the values its options carry.
  expect(screen.getByRole('option', { name: 'Express' })).toHaveProperty('selected', true);
  expect(screen.getByRole('option', { name: 'One' })).toHaveProperty('selected', true);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  return onSubmit.mock.calls[0]?.[0];
}

let warn: { mock: { calls: unknown[][] }; mockRestore: () => void };
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('a native <select> of the headless hook', () => {
  it('answers the chosen option when its <option>s carry the options’ own values', async () => {
    const answer = await chooseAndSubmit((_field, option) => ({ value: option.value }));
    expect(answer).toEqual([
      { label: 'Speed', value: 'express' },
      { label: 'Boxes', value: 1 },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers the same with the position keys of getOptionProps(i)', async () => {
    const answer = await chooseAndSubmit((field, _option, index) => field.getOptionProps(index));
    expect(answer).toEqual([
      { label: 'Speed', value: 'express' },
      { label: 'Boxes', value: 1 },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes an option object in getOptionProps as its position', async () => {
    const answer = await chooseAndSubmit((field, option) => field.getOptionProps(option));
    expect(answer).toEqual([
      { label: 'Speed', value: 'express' },
      { label: 'Boxes', value: 1 },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('says once what is wrong with a value that names no option, and answers null', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(answer: FormAnswer) => void>();
    render(<SelectForm optionAttributes={(_field, option) => ({ value: `${String(option.value)}-x` })} onSubmit={onSubmit} />);
    const speed = screen.getByRole('combobox', { name: 'Speed' });
    await user.selectOptions(speed, 'Express');
    await user.selectOptions(speed, 'Standard');
    await user.selectOptions(speed, 'Express');
    const warnings = warn.mock.calls.map((call) => String(call[0]));
    expect(warnings.filter((text) => text.includes('"Speed"') && text.includes('"express-x"'))).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/neither an option's position .* nor an option's own value/);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual([
      { label: 'Speed', value: null },
      { label: 'Boxes', value: null },
    ]);
  });

  it('says what is wrong with getOptionProps given something that is no option', () => {
    function Probe() {
      const form = useToolCallForm({ parameters: PARAMETERS, onSubmit: () => {} });
      const field = form.fields[0] as HeadlessField;
      const props = field.getOptionProps({ label: 'Overnight', value: 'overnight' });
      return <output>{JSON.stringify(props)}</output>;
    }
    render(<Probe />);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/getOptionProps of "Speed" was given .*overnight.*, which is neither the position/),
    );
  });
});
