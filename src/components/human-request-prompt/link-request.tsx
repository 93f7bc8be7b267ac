import { useMessageGroup } from '../../hooks';
import { enRequestMessages, type RequestMessages } from '../../messages';
import { safeHttpUrl } from '../shared';

/** Props of `LinkRequest`, the part of `<HumanRequestPrompt>` loaded for a page to visit. */
interface LinkRequestProps {
  /** The request's `url` (untrusted). */
  url: unknown;
  /** The prompt's `messages`. */
  messages: Partial<RequestMessages> | undefined;
}

/**
 * The link of a page to visit, opened in a new tab and named by its host, so the person sees where
 * it goes; an address that is not http(s) is shown as text, never linked.
 */
export function LinkRequest({ url, messages: overrides }: LinkRequestProps) {
  const messages = useMessageGroup('request', enRequestMessages, overrides);
  const href = safeHttpUrl(url);
  return href === undefined ? (
    <p className="hitl-request-unsafe-link">
      <bdi>{messages.unsafeLink({ url: typeof url === 'string' || typeof url === 'number' ? String(url) : '' })}</bdi>
    </p>
  ) : (
    <p className="hitl-request-link">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <bdi>{messages.openLink({ host: new URL(href).host })}</bdi>
      </a>
    </p>
  );
}
