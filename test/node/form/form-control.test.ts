import { buildFormModel, createFormControl, type FieldHandle, type FormControl } from '../../../src/form';
import type { FormAnswer } from '../../../src/schema';

const parameters = {
  fields: [
    { type: 'text', label: 'Name', required: true },
    { type: 'email', label: 'Email' },
    { type: 'number', label: 'Age', min: 18 },
    { type: 'text', label: 'City', minLength: 3 },
    { type: 'text', label: 'Fixed', readonly: true, defaultValue: 'x' },
  ],
};

function makeControl(defaultValues?: FormAnswer): FormControl {
  return createFormControl(buildFormModel(parameters), { defaultValues });
}

/** A listener per field, each counting its calls. */
function listenToEveryField(control: FormControl) {
  const calls = control.fields.map(() => vi.fn());
  control.fields.forEach((field, index) => control.subscribeField(field.index, calls[index]!));
  return calls;
}

describe('createFormControl', () => {
  it('starts from the fields’ initial values, or a draft’s matching entries', () => {
    expect(makeControl().values()).toEqual(['', '', '', '', 'x']);
    const control = makeControl([
      { label: 'Name', value: 'Ann' },
      { label: 'Not Email', value: 'a@b.c' },
    ]);
    expect(control.values()).toEqual(['Ann', '', '', '', 'x']);
    expect(control.getFieldState(0)).toEqual({ value: 'Ann', badInput: false, error: null });
    expect(() => control.getFieldState(9)).toThrow(RangeError);
  });

  it('setting field 3 notifies only field 3’s listeners', () => {
    const control = makeControl();
    const calls = listenToEveryField(control);
    const form = vi.fn();
    control.subscribe(form);
    control.setValue(3, 'Oslo');
    expect(calls.map((call) => call.mock.calls.length)).toEqual([0, 0, 0, 1, 0]);
    expect(form).not.toHaveBeenCalled();
    expect(control.getFieldState(3).value).toBe('Oslo');
    // The same value again is no change.
    control.setValue(3, 'Oslo');
    expect(calls[3]).toHaveBeenCalledTimes(1);
  });

  it('ignores changes to a read-only field; watchers see accepted changes only', () => {
    const control = makeControl();
    const watcher = vi.fn();
    control.watch(watcher);
    control.setValue(4, 'changed');
    expect(control.getFieldState(4).value).toBe('x');
    control.setValue(1, 'a');
    expect(watcher.mock.calls).toEqual([[1]]);
    expect(control.answer()[1]).toEqual({ label: 'Email', value: 'a' });
  });

  it('validateAll marks the form submitted and returns the invalid fields in order, each showing its issue', () => {
    const control = makeControl();
    control.setValue(1, 'nope');
    control.setValue(2, '16');
    control.setValue(3, 'ab');
    expect(control.getFieldState(1).error).toBeNull();
    expect(control.validateAll()).toEqual([0, 1, 2, 3]);
    expect(control.getFormState()).toMatchObject({ errorCount: 4, submitted: true });
    expect(control.getFieldState(0).error).toEqual({ code: 'required' });
    expect(control.getFieldState(2).error).toEqual({ code: 'rangeUnderflow', min: 18, minText: '18' });
    expect(control.getFieldState(3).error).toEqual({ code: 'tooShort', minLength: 3, length: 2 });
  });

  it('a field showing an error re-checks on change; after a submit, blur validates', () => {
    const control = makeControl();
    control.blurField(1);
    control.setValue(1, 'nope');
    control.blurField(1);
    expect(control.getFieldState(1).error).toBeNull();
    control.validateAll();
    const form = vi.fn();
    control.subscribe(form);
    control.setValue(0, 'Ann');
    expect(control.getFieldState(0).error).toBeNull();
    expect(control.getFormState().errorCount).toBe(1);
    expect(form).toHaveBeenCalledTimes(1);
    control.setValue(3, 'ab');
    expect(control.getFieldState(3).error).toBeNull();
    control.blurField(3);
    expect(control.getFieldState(3).error).toEqual({ code: 'tooShort', minLength: 3, length: 2 });
  });

  it('an unchanged issue notifies nobody', () => {
    const control = makeControl();
    control.validateAll();
    const calls = listenToEveryField(control);
    control.validateAll();
    expect(calls.every((call) => call.mock.calls.length === 0)).toBe(true);
  });

  it('asks a registered handle for bad input, and focuses through it', () => {
    const control = makeControl();
    const handle: FieldHandle = { focus: vi.fn(), hasBadInput: () => true };
    const unregister = control.register(2, handle);
    expect(control.validateField(2)).toEqual({ code: 'badInput' });
    expect(control.focusField(2)).toBe(true);
    expect(handle.focus).toHaveBeenCalledTimes(1);
    unregister();
    expect(control.focusField(2)).toBe(false);
    control.setValue(2, '', { badInput: true });
    expect(control.validateField(2)).toEqual({ code: 'badInput' });
  });

  it('reset restores the start values, clears errors and the submitted flag, and notifies changed fields only', () => {
    const control = makeControl();
    control.setValue(1, 'a@b.c');
    control.validateAll();
    const calls = listenToEveryField(control);
    const watcher = vi.fn();
    control.watch(watcher);
    control.reset();
    expect(control.values()).toEqual(['', '', '', '', 'x']);
    expect(control.getFormState()).toMatchObject({ errorCount: 0, submitted: false });
    expect(control.getFieldState(0).error).toBeNull();
    // Field 0 (error cleared) and field 1 (value restored) changed; the others did not.
    expect(calls.map((call) => call.mock.calls.length)).toEqual([1, 1, 0, 0, 0]);
    expect(watcher.mock.calls).toEqual([[null]]);
    control.reset([{ label: 'Name', value: 'Bo' }]);
    expect(control.values()[0]).toBe('Bo');
    control.setValue(0, 'Cy');
    control.reset();
    expect(control.values()[0]).toBe('Bo');
  });
});
