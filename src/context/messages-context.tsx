import { createContext, type Context, type ReactNode } from 'react';
import type { PartialMessages } from '../messages';

const CONTEXT_KEY = Symbol.for('hitl-react.messages');

type ContextHolder = typeof globalThis & { [CONTEXT_KEY]?: Context<PartialMessages | null> };

function sharedContext(): Context<PartialMessages | null> {
  const holder = globalThis as ContextHolder;
  let context = holder[CONTEXT_KEY];
  if (context === undefined) {
    context = createContext<PartialMessages | null>(null);
    context.displayName = 'MessagesContext';
    holder[CONTEXT_KEY] = context;
  }
  return context;
}

/** The messages of the nearest `<MessagesProvider>`; on `globalThis`, like the client's context, so two copies of the package share it. */
export const MessagesContext: Context<PartialMessages | null> = /* @__PURE__ */ sharedContext();

/** Props of `<MessagesProvider>`. */
export interface MessagesProviderProps {
  /**
   * The texts of every part below, e.g. a locale (`import { de } from 'hitl-react/locales/de'`).
   * A message it lacks falls back to English; a component's own `messages` prop wins over it.
   * Required.
   */
  messages: PartialMessages;
  children?: ReactNode;
}

/** Gives every part below the same messages: a language, or your own wording. */
export function MessagesProvider({ messages, children }: MessagesProviderProps) {
  return <MessagesContext.Provider value={messages}>{children}</MessagesContext.Provider>;
}
