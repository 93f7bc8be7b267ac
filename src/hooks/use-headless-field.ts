import { useEffect, useState } from 'react';
import { fieldControlOf, type FormControl, type HeadlessField } from '../form';

/**
 * Field `index` of `control`, re-rendering the component when that field changes and for nothing
 * else. A state set by the field's listener, as react-hook-form's `useController`, rather than
 * `useSyncExternalStore`: that one adds an effect to every render it causes, and React then queues
 * a task after each keystroke to run it.
 */
export function useFieldOf(control: FormControl, index: number): HeadlessField {
  // Read on every render: the form's messages or `disabled` may have changed with its parent.
  const field = control.readField(index);
  const [, setShown] = useState(field);
  useEffect(() => {
    const update = () => setShown(control.readField(index));
    const unsubscribe = control.subscribeField(index, update);
    // A change between the render and the subscription is not lost (an equal field renders nothing).
    update();
    return unsubscribe;
  }, [control, index]);
  return field;
}

/**
 * Subscribes a field component to its own field, as react-hook-form's `useController` does: pass
 * the `field` it was given (one of `form.fields` of `useToolCallForm`) and render what it returns,
 * the same field kept current. A keystroke then re-renders that component and nothing else: not
 * the form's component, not the other fields, memoised or not. Its props are controlled (`value`,
 * `checked`), which components that are not native elements need. (Props read from `form.fields`
 * directly carry `defaultValue`/`defaultChecked`: the element holds the value, as react-hook-form's
 * `register`, and the form's component renders only when the field's error comes or goes.)
 *
 * ```tsx
 * function Field({ field: given }: { field: HeadlessField }) {
 *   const field = useHeadlessField(given);
 *   return <input {...field.getInputProps()} />;
 * }
 * ```
 */
export function useHeadlessField(field: HeadlessField): HeadlessField {
  const link = fieldControlOf(field);
  if (link === undefined) throw new Error('hitl-react: useHeadlessField takes one of form.fields (useToolCallForm).');
  return useFieldOf(link.control, link.index);
}
