import { useContext, useMemo } from 'react';
import { MessagesContext } from '../context';
import { en, mergeMessages, type MessageGroup, type Messages } from '../messages';

/**
 * The messages of one group: `english`, under those of the nearest `<MessagesProvider>`, under the
 * component's own `overrides`. Remade only when one of those changes. The caller names its English
 * group itself, so a page bundles only the groups of the parts it renders, not all of `en`.
 */
export function useMessageGroup<G extends MessageGroup>(group: G, english: Messages[G], overrides?: Partial<Messages[G]>): Messages[G] {
  const provided = useContext(MessagesContext);
  return useMemo(
    () => mergeMessages<Messages[G]>(english, provided?.[group] as Partial<Messages[G]> | undefined, overrides),
    [group, english, provided, overrides],
  );
}

/** `useMessageGroup` with the English group taken from `en`, which brings every group into the bundle. */
export function useMessages<G extends MessageGroup>(group: G, overrides?: Partial<Messages[G]>): Messages[G] {
  return useMessageGroup(group, en[group], overrides);
}

/** The language tag of the messages in use (`en` without a provider), for `Intl` inside a message's text. */
export function useMessagesLocale(): string {
  // A literal, not `en.locale`: reading `en` would bring every English group along.
  return useContext(MessagesContext)?.locale ?? 'en';
}

/**
 * The language tag of the nearest `<MessagesProvider>`'s messages; `undefined` without one, so
 * dates and numbers shown on their own (a table's, a list's) keep the browser's locale.
 */
export function useProvidedLocale(): string | undefined {
  return useContext(MessagesContext)?.locale;
}
