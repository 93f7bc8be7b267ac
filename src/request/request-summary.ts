import { cutText, isRecord } from '../utils';
import type { HumanRequest } from './human-request';

/** What a request asks, in one line, as `summarizeRequest` says it. */
export interface RequestSummary {
  /**
   * What it asks: its `title`, else its form's heading (a `form_input` form's `heading`, a
   * schema's `title`), else the name of an approval's first action, else its kind's title. On one
   * line and cut; agent-made text, to show as text only.
   */
  title: string;
  /** What for: an approval's first action's `description`, else the request's `message`; on one line and cut. Undefined when it has neither (or it says the title again). */
  detail?: string;
  /** How many actions follow the one `title` names (an approval of several actions without a title), else 0. */
  moreActions: number;
}

/** The title of a request that names nothing itself, by kind. */
export interface RequestKindTitles {
  form: string;
  approval: string;
  link: string;
}

/** Options of `summarizeRequest`. */
export interface SummarizeRequestOptions {
  /**
   * The title of a request that names nothing itself, by kind (`<Inbox>` gives those of its
   * messages). Default: the English headings of `<HumanRequestPrompt>` ("Input requested",
   * "Approval requested", "Visit a page").
   */
  kindTitles?: RequestKindTitles | undefined;
  /** The longest title and detail, in characters: longer ones are cut and end in "…". Default: 120. */
  maxLength?: number | undefined;
}

// The `request` group's English headings (`enRequestPromptMessages`; test/node/messages keeps them
// equal): this layer cannot import the messages, and the proxy's notifications, which reuse this,
// write English.
const ENGLISH_KIND_TITLES: RequestKindTitles = { form: 'Input requested', approval: 'Approval requested', link: 'Visit a page' };

/** The inbox's line length. */
const DEFAULT_MAX_LENGTH = 120;

/** An agent-made text on one line, if it is a string with something to show. */
function line(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/**
 * What `request` asks, in one line, for a list or a notification: `title` names it (the request's
 * title, its form's heading, its first action's name, else its kind's title) and `detail` says
 * what for (the first action's description, else the request's message). The request is
 * untrusted: a field that is not text is passed over, never read as markup.
 */
export function summarizeRequest(request: HumanRequest, options: SummarizeRequestOptions = {}): RequestSummary {
  const max = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const kindTitles = options.kindTitles ?? ENGLISH_KIND_TITLES;
  // Read as given: an adapter's request is built from the agent's data.
  const given: Partial<Record<string, unknown>> = isRecord(request) ? request : {};
  const kind = given.kind;
  const actions: unknown[] = kind === 'approval' && Array.isArray(given.actions) ? (given.actions as unknown[]) : [];
  const first = isRecord(actions[0]) ? actions[0] : {};
  const formHeading =
    kind !== 'form'
      ? undefined
      : isRecord(given.parameters)
        ? line(given.parameters.heading)
        : isRecord(given.schema)
          ? line(given.schema.title)
          : undefined;
  const actionName = line(first.name);
  const own = line(given.title) ?? formHeading;
  const title = own ?? actionName ?? (kind === 'approval' ? kindTitles.approval : kind === 'link' ? kindTitles.link : kindTitles.form);
  const detail = line(first.description) ?? line(given.message);
  const summary: RequestSummary = {
    title: cutText(title, max),
    moreActions: own === undefined && actionName !== undefined ? Math.max(0, actions.length - 1) : 0,
  };
  if (detail !== undefined && detail !== title) summary.detail = cutText(detail, max);
  return summary;
}
