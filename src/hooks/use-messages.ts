import { useContext, useMemo } from 'react';
import { MessagesContext } from '../context';
import { en, mergeMessages, type MessageGroup, type Messages } from '../messages';

/**
 * The messages of one group: English, under those of the nearest `<MessagesProvider>`, under the
 * component's own `overrides`. Remade only when one of those changes.
 */
export function useMessages<G extends MessageGroup>(group: G, overrides?: Partial<Messages[G]>): Messages[G] {
  const provided = useContext(MessagesContext);
  return useMemo(
    () => mergeMessages<Messages[G]>(en[group], provided?.[group] as Partial<Messages[G]> | undefined, overrides),
    [group, provided, overrides],
  );
}

/** The language tag of the messages in use (`en` without a provider), for `Intl`. */
export function useMessagesLocale(): string {
  return useContext(MessagesContext)?.locale ?? en.locale;
}
