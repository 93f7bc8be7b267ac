import { useContext, useState, type ReactNode } from 'react';
import { cutText, DEFAULT_CONTENT_LIMITS } from '../../form';
import { FieldEnvironmentContext } from './field-environment-context';

/** What `useLongText` gives: the text to show now, and the button that shows the rest (or null). */
export interface LongText {
  readonly shown: string;
  readonly toggle: ReactNode;
}

/**
 * An agent-given text that may be huge (a page can steer the agent into sending a megabyte of
 * heading): at most `max` characters are laid out until the person asks for all of it. The toggle
 * is a separate button (not inside a `<label>`), `aria-expanded`, controlling the element with
 * `controlsId`.
 */
export function useLongText(
  text: string,
  max: number,
  controlsId: string,
  words: { showAll: (context: { length: number }) => string; showLess: () => string },
): LongText {
  const [open, setOpen] = useState(false);
  if (text.length <= max) return { shown: text, toggle: null };
  const toggle = (
    <button type="button" className="hitl-show-all" aria-expanded={open} aria-controls={controlsId} onClick={() => setOpen(!open)}>
      {open ? words.showLess() : words.showAll({ length: text.length })}
    </button>
  );
  return { shown: open ? text : cutText(text, max), toggle };
}

/** Cuts agent-given texts to the form's `maxTextLength`, for places with no room for "Show all" (options, placeholders). */
export function useCutText(): (text: string) => string {
  const max = useContext(FieldEnvironmentContext)?.limits.maxTextLength ?? DEFAULT_CONTENT_LIMITS.maxTextLength;
  return (text) => cutText(text, max);
}
