import { enAuditTrailMessages, type AuditTrailMessages } from './audit-trail-messages';
import { enControlMessages, type ControlMessages } from './control-messages';
import { enErrorMessages, type ErrorMessages } from './error-messages';
import { enApprovalMessages, type ApprovalMessages } from './approval-messages';
import { enFormMessages, type FormMessages } from './form-messages';
import { enInboxMessages, type InboxMessages } from './inbox-messages';
import { enLiveViewMessages, type LiveViewMessages } from './live-view-messages';
import { enPromptMessages, type PromptMessages } from './prompt-messages';
import { enRequestMessages, type RequestMessages } from './request-messages';
import { enRunGifMessages, type RunGifMessages } from './run-gif-messages';
import { enRunListMessages, type RunListMessages } from './run-list-messages';
import { enDataTableMessages, enRunResultViewMessages, type DataTableMessages, type RunResultViewMessages } from './run-result-messages';
import { enRunStatusBadgeMessages, type RunStatusBadgeMessages } from './run-status-badge-messages';
import { enRunViewerMessages, type RunViewerMessages } from './run-viewer-messages';
import { enStopRunButtonMessages, type StopRunButtonMessages } from './stop-run-button-messages';
import { enTaskListMessages, type TaskListMessages } from './task-list-messages';

/**
 * Every text the library writes, in one object: a group per part, each a typed function per
 * message. A locale is an object of this shape (`hitl-react/locales/de`); `locale` is its BCP 47
 * tag, which dates, numbers and durations are formatted with (`Intl`).
 */
export interface Messages {
  /** The language tag the texts are in, for `Intl`. */
  readonly locale: string;
  /** Forms: `<ToolCallForm>`, `useToolCallForm`, the forms of `<ToolCallPrompt>`. */
  readonly form: FormMessages;
  /** What `<ToolCallPrompt>` writes beside its forms. */
  readonly prompt: PromptMessages;
  /** `<ApprovalPrompt>`: the decision on a tool call and its reason and editor. */
  readonly approval: ApprovalMessages;
  /** `<HumanRequestPrompt>`'s own texts (its forms and approvals read the `form` and `approval` groups). */
  readonly request: RequestMessages;
  /** A hand-off of the agent's browser in `<HumanRequestPrompt>` (a `control` request). */
  readonly control: ControlMessages;
  /** `<RunViewer>`'s own texts (its parts read their own groups). */
  readonly runViewer: RunViewerMessages;
  /** `<RunStatusBadge>`. */
  readonly statusBadge: RunStatusBadgeMessages;
  /** `<StopRunButton>`. */
  readonly stopRunButton: StopRunButtonMessages;
  /** `<RunResultView>`. */
  readonly runResult: RunResultViewMessages;
  /** `<DataTable>`, alone or in a run's result. */
  readonly dataTable: DataTableMessages;
  /** `<RunGif>`. */
  readonly runGif: RunGifMessages;
  /** `<LiveView>`. */
  readonly liveView: LiveViewMessages;
  /** `<RunList>`. */
  readonly runList: RunListMessages;
  /** `<TaskList>`. */
  readonly taskList: TaskListMessages;
  /** `<Inbox>`: the calls waiting across runs. */
  readonly inbox: InboxMessages;
  /** `<AuditTrail>`, and who answered a call in `<RunViewer>`. */
  readonly auditTrail: AuditTrailMessages;
  /** Why a request failed, inside the other groups' error messages ("… could not be sent: <reason>"). */
  readonly errors: ErrorMessages;
}

/** The groups of `Messages` (every key but `locale`). */
export type MessageGroup = Exclude<keyof Messages, 'locale'>;

/** Some messages: any group, any message of it. What a provider or a partial locale holds. */
export type PartialMessages = { readonly locale?: string } & { readonly [G in MessageGroup]?: Partial<Messages[G]> };

/** The English messages, the default of every part. */
export const en: Messages = {
  locale: 'en',
  form: enFormMessages,
  prompt: enPromptMessages,
  approval: enApprovalMessages,
  request: enRequestMessages,
  control: enControlMessages,
  runViewer: enRunViewerMessages,
  statusBadge: enRunStatusBadgeMessages,
  stopRunButton: enStopRunButtonMessages,
  runResult: enRunResultViewMessages,
  dataTable: enDataTableMessages,
  runGif: enRunGifMessages,
  liveView: enLiveViewMessages,
  runList: enRunListMessages,
  taskList: enTaskListMessages,
  inbox: enInboxMessages,
  auditTrail: enAuditTrailMessages,
  errors: enErrorMessages,
};

/**
 * `defaults` with each layer of `overrides` on top, later layers winning. Entries that are not
 * functions are ignored, so `{ retry: undefined }` keeps the default instead of rendering nothing,
 * and a locale that lacks a message falls back to the layer below.
 */
export function mergeMessages<M extends object>(defaults: M, ...overrides: ReadonlyArray<Partial<M> | null | undefined>): M {
  let merged = defaults;
  for (const layer of overrides) {
    if (layer === undefined || layer === null) continue;
    for (const key of Object.keys(layer) as Array<keyof M>) {
      const value = layer[key];
      if (typeof value !== 'function') continue;
      if (merged === defaults) merged = { ...defaults };
      merged[key] = value as M[keyof M];
    }
  }
  return merged;
}
