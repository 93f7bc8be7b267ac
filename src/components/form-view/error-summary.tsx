import { Fragment, useSyncExternalStore, type MouseEvent } from 'react';
import { cutText, type FormControl } from '../../form';
import type { FormMessages } from '../../messages';

/** Props of `ErrorSummary`. */
export interface ErrorSummaryProps {
  control: FormControl;
  messages: FormMessages;
  /** Characters of a label shown: a summary of huge labels would lay out megabytes. */
  maxTextLength: number;
}

// Stand-ins for the labels in the message, so a translation places them where its grammar wants.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const STAND_IN = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/** The summary sentence as text and the positions of its labels, or undefined for a message that does not show the labels as given. */
function sentence(messages: FormMessages, count: number): Array<string | number> | undefined {
  const text = messages.errorSummary({ count, labels: Array.from({ length: count }, (_, index) => `${OPEN}${index}${CLOSE}`) });
  const parts: Array<string | number> = text.split(STAND_IN).map((part, index) => (index % 2 === 0 ? part : Number(part)));
  const texts = parts.filter((part) => typeof part === 'string');
  const labels = parts.filter((part) => typeof part === 'number');
  const whole = labels.length === count && labels.every((label, index) => label === index);
  return whole && !texts.some((part) => part.includes(OPEN) || part.includes(CLOSE)) ? parts : undefined;
}

/**
 * What a refused submit left to fix, kept current: "Please correct 2 fields: Email, Age.", each
 * label a link to its field. It subscribes to the form-level state, which changes when a field's
 * error comes or goes, so a keystroke that fixes nothing renders nothing here.
 *
 * Put in (with `role="alert"`) by each refused submit, it is announced whole. After that it is a
 * polite, non-atomic live region: when a field is fixed its link is removed (removals are not
 * announced) and only the changed count is said, never the whole list again.
 */
export function ErrorSummary({ control, messages, maxTextLength }: ErrorSummaryProps) {
  useSyncExternalStore(control.subscribe, control.getFormState, control.getFormState);
  const invalid = control.invalidFields();
  if (invalid.length === 0) return null;
  const labels = invalid.map((index) => cutText(control.readField(index).label, maxTextLength));
  const parts = sentence(messages, invalid.length);
  const focus = (index: number) => (event: MouseEvent) => {
    event.preventDefault();
    control.focusField(index);
  };
  return (
    <div className="hitl-error-summary" role="alert" aria-live="polite" aria-atomic="false">
      {parts === undefined
        ? messages.errorSummary({ count: labels.length, labels })
        : parts.map((part, position) => {
            // Keyed by the field a part leads up to, so fixing a field removes its nodes and moves none.
            if (typeof part === 'string') return <Fragment key={`text-${invalid[position / 2] ?? 'end'}`}>{part}</Fragment>;
            const index = invalid[part] as number;
            return (
              <a key={index} href={`#${control.ids(index).control}`} onClick={focus(index)}>
                <bdi>{labels[part]}</bdi>
              </a>
            );
          })}
    </div>
  );
}
