import { useState, type Ref } from 'react';
import { isFinalGifStatus, type GifStatus } from '../../client';
import { enRunGifMessages } from '../../messages';
import { useMessageGroup } from '../../hooks';
import { safeHttpUrl } from '../shared';
import type { RunGifMessages } from './messages';
import { cx } from '../../utils';
import { withRefProp } from '../../utils/react';

export interface RunGifProps {
  /** The GIF status (`useRunGif().data`); `undefined` while it loads. Untrusted: only an http(s) `url` is used. Required (may be `undefined`). */
  gif: GifStatus | undefined;
  /** The image's text alternative. Default: `messages.alt()`, "Recording of the run". */
  alt?: string;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>` (`runGif` group), else English. */
  messages?: Partial<RunGifMessages>;
  /** Added to the root's classes (`hitl-run-gif`). Default: none. */
  className?: string;
  /** The root `<div>` element. Default: none. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Where the recording stands, in `data-state`: `loading`, `pending` (not ready), `failed` (the
 * service says it will not come), `completed` (shown), `unavailable` (its address is not
 * http(s)), `error` (the image did not load).
 */
export type RunGifState = 'loading' | 'pending' | 'failed' | 'completed' | 'unavailable' | 'error';

/**
 * A run's recorded GIF: its status in words until it is `completed`, then the image (only from an
 * http(s) address; otherwise a note) with a link to open it in a new tab.
 */
export const RunGif = withRefProp(function RunGif({ ref, ...props }: RunGifProps) {
  const messages = useMessageGroup('runGif', enRunGifMessages, props.messages);
  const { gif } = props;
  const status = typeof gif?.status === 'string' ? gif.status : '';
  const completed = status.trim().toLowerCase() === 'completed';
  const url = completed ? safeHttpUrl(gif?.url) : undefined;
  // Remembers which address failed, so a new address is tried afresh.
  const [failedUrl, setFailedUrl] = useState<string | undefined>(undefined);

  const state: RunGifState =
    gif === undefined || gif === null
      ? 'loading'
      : !completed
        ? isFinalGifStatus(status)
          ? 'failed'
          : 'pending'
        : url === undefined
          ? 'unavailable'
          : failedUrl === url
            ? 'error'
            : 'completed';

  const className = cx('hitl-run-gif', props.className);
  if (url === undefined) {
    const text =
      state === 'loading'
        ? messages.loading()
        : state === 'failed'
          ? messages.failed({ status })
          : state === 'unavailable'
            ? messages.unsafeUrl()
            : messages.pending({ status });
    return (
      <div ref={ref} className={className} data-state={state}>
        <p className="hitl-run-gif-note">
          <bdi>{text}</bdi>
        </p>
      </div>
    );
  }
  return (
    <div ref={ref} className={className} data-state={state}>
      {state === 'error' ? (
        <p className="hitl-run-gif-note">{messages.imageError()}</p>
      ) : (
        <img
          className="hitl-run-gif-image"
          src={url}
          alt={props.alt ?? messages.alt()}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(url)}
        />
      )}
      <a className="hitl-run-gif-link" href={url} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer">
        {messages.openInNewTab()}
      </a>
    </div>
  );
});
