import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import type { FormControl, HeadlessForm, HeadlessFormOptions } from '../form';
import { enFormMessages } from '../messages';
import { useLatestOptionalCallback } from '../utils/react';
import { useMessageGroup } from './use-messages';

/**
 * The body of the headless form hooks: one form object per `key` (new content starts afresh),
 * read through `useSyncExternalStore`, so the component re-renders for what it read of the form
 * and nothing else; focus moves to the first invalid field after a refused submit.
 */
export function useFormView(
  key: string,
  make: (ids: { idBase: string; formId: string | undefined }) => FormControl,
  options: HeadlessFormOptions,
): HeadlessForm {
  const messages = useMessageGroup('form', enFormMessages, options.messages);
  const generatedId = useId();
  const create = () => ({ key, control: make({ idBase: options.id ?? generatedId, formId: options.id }) });
  const [current, setCurrent] = useState(create);
  // Different content starts afresh; the same content (a poll's new object) keeps what was typed.
  if (current.key !== key) setCurrent(create());
  const { control } = current;
  useSyncExternalStore(control.subscribeReader, control.getVersion, control.getVersion);
  // After each commit: a refused submit's errors are on screen before focus moves to the first.
  useEffect(() => control.flushFocus());
  const report = useLatestOptionalCallback(options.onInvalidParameters);
  useEffect(() => {
    const problems = control.takeProblems();
    if (problems !== undefined) report(problems);
  }, [control, report]);
  const observe = useLatestOptionalCallback(options.onValuesChange);
  const observed = options.onValuesChange !== undefined;
  // Building the answer costs O(fields) per change: only for a caller that asked for it.
  useEffect(() => (observed ? control.watch(() => observe(control.answer())) : undefined), [control, observed, observe]);
  return control.read(messages, { disabled: options.disabled === true, autocompletePolicy: options.autocompletePolicy ?? 'safe' });
}
