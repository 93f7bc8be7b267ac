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
  /** A hand-off of the agent's browser. Default: "Take control". */
  control?: string | undefined;
}

/** Options of `summarizeRequest`. */
export interface SummarizeRequestOptions {
  /**
   * The title of a request that names nothing itself, by kind (`<Inbox>` gives those of its
   * messages). Default: the English headings of `<HumanRequestPrompt>` ("Input requested",
   * "Approval requested", "Visit a page", "Take control").
   */
  kindTitles?: RequestKindTitles | undefined;
  /** The longest title and detail, in characters: longer ones are cut and end in "…". Default: 120. */
  maxLength?: number | undefined;
}

// The `request` group's English headings (`enRequestPromptMessages`; test/node/messages keeps them
// equal): this layer cannot import the messages, and the proxy's notifications, which reuse this,
// write English.
const ENGLISH_KIND_TITLES = {
  form: 'Input requested',
  approval: 'Approval requested',
  link: 'Visit a page',
  control: 'Take control',
} satisfies RequestKindTitles;

/** The inbox's line length. */
const DEFAULT_MAX_LENGTH = 120;

/** An agent-made text on one line, if it is a string with something to show. */
function line(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return text === '' ? undefined : text;
}

/**
 * What `request` asks, in one line, for a list or a notification: `title` names it (the request's
 * title, its form's heading, its first action's name, else its kind's title) and `detail` says
 * what for (the first action's description, else the request's message: a hand-off's reason). The request is
 * untrusted: a field that is not text is passed over, never read as markup.
 */
export function summarizeRequest(
  request: HumanRequest,
  { kindTitles = ENGLISH_KIND_TITLES, maxLength = DEFAULT_MAX_LENGTH }: SummarizeRequestOptions = {},
): RequestSummary {
  // Read as given: an adapter's request is built from the agent's data.
  const given: Record<string, unknown> = isRecord(request) ? request : {};
  const { kind } = given;
  const actions: unknown[] = kind === 'approval' && Array.isArray(given.actions) ? given.actions : [];
  const first = isRecord(actions[0]) ? actions[0] : {};
  const form =
    kind !== 'form' ? {} : isRecord(given.parameters) ? given.parameters : isRecord(given.schema) ? { heading: given.schema.title } : {};
  const own = line(given.title) ?? line(form.heading);
  const action = line(first.name);
  const title =
    own ??
    action ??
    (kind === 'control'
      ? (kindTitles.control ?? ENGLISH_KIND_TITLES.control)
      : kindTitles[kind === 'approval' || kind === 'link' ? kind : 'form']);
  const detail = line(first.description) ?? line(given.message);
  return {
    title: cutText(title, maxLength),
    moreActions: own === undefined && action !== undefined ? actions.length - 1 : 0,
    ...(detail === undefined || detail === title ? {} : { detail: cutText(detail, maxLength) }),
  };
}
