import { countPlural, formatDuration } from './format';
import { EN_SOURCE_NAMES, sourceName } from './source-names';

/**
 * The texts `<HumanRequestPrompt>` writes itself, beside those of its form (`form` group) and its
 * approvals (`approval` group): the headings of each kind, the answers besides the main one, the
 * link of a page to visit, the decisions of several actions, and the deadline.
 */
export interface RequestMessages {
  /** Heading of a form without a title. Default: "Input requested". */
  formHeading(): string;
  /** Heading of an approval without a title. Default: "Approval requested". */
  approvalHeading(): string;
  /** Heading of a page to visit without a title. Default: "Visit a page". */
  linkHeading(): string;
  /** Heading of a hand-off of the agent's browser without a title. Default: "Take control". */
  controlHeading(): string;
  /**
   * The name of what asks when the request has no `requestedBy`, by its `source`. Default: "MCP
   * server", "LangGraph agent", "AI SDK agent", "AG-UI agent", "Task service"; any other source as it is.
   */
  sourceName(context: { source: string }): string;
  /**
   * Near the answer's button, and describing it: who asks (`requestedBy`, agent-made, else
   * `sourceName`). Not for the task service's own requests, which say the `form` group's
   * `agentNotice`. Default: "Requested by <requester>. Check it before you answer."
   */
  requestedBy(context: { requester: string }): string;
  /**
   * The name of a prompt's region when another prompt on the page has the same heading, so that
   * they can be told apart (alone, a prompt is named by its heading): its `heading`, then what it
   * asks when the heading does not say it (`what`: an action's name, a form's heading) and what
   * for (`detail`: an action's description, the request's message), each undefined when there is
   * none; `ordinal` numbers the prompts whose name would still be the same (the same question
   * asked twice), from 2, undefined for the first. Default: "<heading>: <what> – <detail> (<ordinal>)".
   */
  promptLabel(context: { heading: string; what: string | undefined; detail: string | undefined; ordinal: number | undefined }): string;
  /** The button that declines the request. Default: "Decline". */
  decline(): string;
  /** The button that dismisses the request without deciding. Default: "Cancel". */
  cancel(): string;
  /** The link's text; `host` is the address's host, shown so the person sees where it goes. Default: "Open <host> (new tab)". */
  openLink(context: { host: string }): string;
  /** Shown instead of a link whose address is not http(s). Default: "The agent gave an address that cannot be opened safely: <url>". */
  unsafeLink(context: { url: string }): string;
  /** The button a person presses once done on the page. Default: "I have finished". */
  finished(): string;
  /** Heading of one action of several. Default: "Action <index> of <count>: <name>". */
  actionHeading(context: { name: string; index: number; count: number }): string;
  /** The button that answers an action in words (agent-inbox's "respond"). Default: "Respond". */
  respond(): string;
  /** Label of that answer's text area. Default: "Your response". */
  responseLabel(): string;
  /** The button that sends that answer. Default: "Send response". */
  sendResponse(): string;
  /**
   * Label of the checkbox that makes an approve or a reject of an action with `allowAlways` apply to
   * the tool's later calls too; `name` is the tool's (agent-made). Default: "Always for <name>".
   */
  alwaysLabel(context: { name: string }): string;
  /** Help under that checkbox. Default: "Your approval or rejection also applies to this tool’s later calls, without asking again." */
  alwaysHint(): string;
  /**
   * What was decided on an action of several, before they are sent; `always` when the approve or
   * reject applies to the tool's later calls too. Default: "Approved", "Approved with changes",
   * "Rejected", "Responded"; "Approved — always for this tool", "Rejected — always for this tool".
   */
  decided(context: { decision: 'approve' | 'edit' | 'reject' | 'respond'; always?: boolean }): string;
  /** The button that reopens the decision on an action of several. Default: "Change". */
  changeDecision(): string;
  /** The button that sends the decisions on several actions, once each has one. Default: "Send decisions". */
  sendDecisions(context: { count: number }): string;
  /** Beside that button while some actions are undecided. Default: "1 action left to decide" / "<n> actions left to decide". */
  decisionsLeft(context: { count: number; locale: string }): string;
  /** The time left before the deadline. Default: "Time left: <duration>". */
  timeLeft(context: { ms: number; locale: string }): string;
  /** Shown once the deadline passed, in place of the request. Default: "This request expired. The agent was told it was not answered in time." */
  expired(): string;
  /** Shown once the request was answered. Default: "Answer sent.", "Declined.", "Cancelled." */
  answered(context: { action: 'accept' | 'decline' | 'cancel' }): string;
  /**
   * Above the JSON editor of a schema no form can render (a nested object, a `$ref`, a keyword a form
   * cannot enforce); `property` names the first property in the way, if one is. Default: "This
   * request cannot be shown as a form: the field “<property>” is not a simple value. Answer it as JSON."
   */
  schemaFallback(context: { property: string | undefined }): string;
}

/**
 * The texts `<HumanRequestPrompt>` writes on every page: its headings, buttons and status. The
 * rest (approvals, the link, the deadline, the JSON editor's note) belong to parts loaded when
 * first shown, which read the whole group, so a page of forms does not ship their English.
 */
export type RequestPromptMessages = Pick<
  RequestMessages,
  | 'formHeading'
  | 'approvalHeading'
  | 'linkHeading'
  | 'controlHeading'
  | 'sourceName'
  | 'requestedBy'
  | 'promptLabel'
  | 'decline'
  | 'cancel'
  | 'finished'
  | 'expired'
  | 'answered'
>;

/** The English `RequestPromptMessages`. */
export const enRequestPromptMessages: RequestPromptMessages = {
  formHeading: () => 'Input requested',
  approvalHeading: () => 'Approval requested',
  linkHeading: () => 'Visit a page',
  controlHeading: () => 'Take control',
  sourceName: ({ source }) => sourceName(source, EN_SOURCE_NAMES),
  requestedBy: ({ requester }) => `Requested by ${requester}. Check it before you answer.`,
  promptLabel: ({ heading, what, detail, ordinal }) => {
    const about = [what, detail].filter((part) => part !== undefined).join(' – ');
    const name = about === '' ? heading : `${heading}: ${about}`;
    return ordinal === undefined ? name : `${name} (${ordinal.toLocaleString('en')})`;
  },
  decline: () => 'Decline',
  cancel: () => 'Cancel',
  finished: () => 'I have finished',
  expired: () => 'This request expired. The agent was told it was not answered in time.',
  answered: ({ action }) => ({ accept: 'Answer sent.', decline: 'Declined.', cancel: 'Cancelled.' })[action],
};

/** The English `RequestMessages`. */
// Pure: a page that reads only the prompt's texts drops the rest.
export const enRequestMessages: RequestMessages = /* @__PURE__ */ Object.assign({}, enRequestPromptMessages, {
  openLink: ({ host }) => `Open ${host} (new tab)`,
  unsafeLink: ({ url }) => `The agent gave an address that cannot be opened safely: ${url}`,
  actionHeading: ({ name, index, count }) => `Action ${index} of ${count}: ${name}`,
  respond: () => 'Respond',
  responseLabel: () => 'Your response',
  sendResponse: () => 'Send response',
  alwaysLabel: ({ name }) => `Always for ${name}`,
  alwaysHint: () => 'Your approval or rejection also applies to this tool’s later calls, without asking again.',
  decided: ({ decision, always }) =>
    ({ approve: 'Approved', edit: 'Approved with changes', reject: 'Rejected', respond: 'Responded' })[decision] +
    (always ? ' — always for this tool' : ''),
  changeDecision: () => 'Change',
  sendDecisions: () => 'Send decisions',
  decisionsLeft: ({ count, locale }) => countPlural(locale, count, { one: '# action left to decide', other: '# actions left to decide' }),
  timeLeft: ({ ms, locale }) => `Time left: ${formatDuration(ms, locale)}`,
  schemaFallback: ({ property }) =>
    property === undefined
      ? 'This request cannot be shown as a form. Answer it as JSON.'
      : `This request cannot be shown as a form: the field “${property}” is not a simple value. Answer it as JSON.`,
} satisfies Omit<RequestMessages, keyof RequestPromptMessages>);
