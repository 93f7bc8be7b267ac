import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { ToolCallForm, type FieldSlotProps, type RenderField } from '../../../src/components/tool-call-form';

/** Commits per field index, counted through the public `renderField`: a Profiler around each field. */
const commits = new Map<number, number>();
const countRenders: RenderField = (field, props, Default) => (
  <Profiler id={String(field.index)} onRender={() => commits.set(field.index, (commits.get(field.index) ?? 0) + 1)}>
    <Default {...props} />
  </Profiler>
);

const FIELDS = 200;
const parameters = {
  heading: 'Big form',
  fields: Array.from({ length: FIELDS }, (_, index) =>
    index % 4 === 3
      ? { type: 'select', label: `Field ${index}`, options: [{ label: 'A', value: 'a' }] }
      : { type: 'text', label: `Field ${index}`, minLength: 3 },
  ),
};

/**
 * The control labelled `label`. Through the <label> element rather than getByRole: computing
 * the accessible name of 200 controls takes seconds in jsdom, and this test is about renders.
 */
function control(label: string): HTMLElement {
  const element = screen.getByText(label).closest('label')?.control;
  if (!element) throw new Error(`No control labelled ${label}`);
  return element;
}

function fieldsRenderedSince(): number[] {
  return [...commits.entries()].filter(([, count]) => count > 0).map(([index]) => index);
}

describe(`a ${FIELDS}-field form`, () => {
  beforeEach(() => commits.clear());

  it('typing in one field re-renders that field only', async () => {
    const user = userEvent.setup();
    render(<ToolCallForm parameters={parameters} onValuesChange={() => {}} renderField={countRenders} />);
    expect(commits.size).toBe(FIELDS);
    commits.clear();
    await user.type(control('Field 100'), 'hello');
    expect(fieldsRenderedSince()).toEqual([100]);
    // At least one commit per keystroke, and no more than a couple.
    expect(commits.get(100)).toBeGreaterThanOrEqual(5);
    expect(commits.get(100)).toBeLessThanOrEqual(10);
  });

  it('fixing an invalid field re-renders that field (and the form’s summary), not the others', async () => {
    const user = userEvent.setup();
    render(<ToolCallForm parameters={{ fields: parameters.fields.slice(0, 50) }} renderField={countRenders} />);
    const target = control('Field 10');
    fireEvent.change(target, { target: { value: 'a' } });
    fireEvent.submit(target.closest('form')!);
    expect(target).toHaveAttribute('aria-invalid', 'true');
    commits.clear();
    await user.type(target, 'bc');
    expect(target).not.toHaveAttribute('aria-invalid');
    expect(fieldsRenderedSince()).toEqual([10]);
  });

  it('a parent re-render with equal props does not reach the fields', () => {
    const { rerender } = render(<ToolCallForm parameters={parameters} renderField={countRenders} />);
    commits.clear();
    rerender(<ToolCallForm parameters={structuredClone(parameters)} renderField={countRenders} />);
    expect(fieldsRenderedSince()).toEqual([]);
  });

  it('a slot of yours, not memoised, renders for its own field only, and the app around the form not at all', async () => {
    const user = userEvent.setup();
    const slotRenders = new Map<number, number>();
    let appRenders = 0;
    // The test's own components, counting their renders.
    function CountingInput({ field }: FieldSlotProps) {
      slotRenders.set(field.index, (slotRenders.get(field.index) ?? 0) + 1);
      return <input className="hitl-input" {...field.getInputProps()} />;
    }
    const components = { text: CountingInput };
    const drafts: unknown[] = [];
    function App() {
      appRenders += 1;
      return <ToolCallForm parameters={parameters} components={components} onValuesChange={(answer) => drafts.push(answer)} />;
    }
    render(<App />);
    slotRenders.clear();
    appRenders = 0;
    await user.type(control('Field 100'), 'hello');
    expect(control('Field 100')).toHaveValue('hello');
    expect([...slotRenders.keys()]).toEqual([100]);
    expect(slotRenders.get(100)).toBeGreaterThanOrEqual(5);
    expect(appRenders).toBe(0);
    expect(drafts).toHaveLength(5);
  });
});
