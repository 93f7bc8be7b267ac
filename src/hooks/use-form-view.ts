import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { createHeadlessView, type FormController, type HeadlessForm, type HeadlessFormOptions, type HeadlessSettings } from '../form';
import { enFormMessages } from '../messages';
import { useLatestOptionalCallback } from '../utils/react';
import { useMessageGroup } from './use-messages';

/**
 * The body of the headless form hooks: one controller per `key` (new content starts afresh), read
 * through `useSyncExternalStore` as a tracked `HeadlessForm`, with focus after a refused submit.
 */
export function useFormView(key: string, make: (isDisabled: () => boolean) => FormController, options: HeadlessFormOptions): HeadlessForm {
  const messages = useMessageGroup('form', enFormMessages, options.messages);
  const generatedId = useId();
  const settings: HeadlessSettings = { disabled: options.disabled === true, autocompletePolicy: options.autocompletePolicy ?? 'safe' };
  const create = () => {
    // One box per form, which every read refills, so the controller sees the latest `disabled`.
    const box = { ...settings };
    const controller = make(() => box.disabled);
    return {
      key,
      controller,
      view: createHeadlessView(controller, { idBase: options.id ?? generatedId, formId: options.id, settings: box }),
    };
  };
  const [current, setCurrent] = useState(create);
  // Different content starts afresh; the same content (a poll's new object) keeps what was typed.
  if (current.key !== key) setCurrent(create());
  const { controller, view } = current;
  useSyncExternalStore(view.subscribe, view.getVersion, view.getVersion);
  // After each commit: a refused submit's errors are on screen before focus moves to the first.
  useEffect(() => controller.flushFocus());
  const report = useLatestOptionalCallback(options.onInvalidParameters);
  useEffect(() => {
    const problems = controller.takeProblems();
    if (problems !== undefined) report(problems);
  }, [controller, report]);
  const observe = useLatestOptionalCallback(options.onValuesChange);
  const observed = options.onValuesChange !== undefined;
  // Building the answer costs O(fields) per change: only for a caller that asked for it.
  useEffect(() => (observed ? controller.watchAnswer(observe) : undefined), [controller, observed, observe]);
  return view.read(messages, settings);
}
