import type { RequestMessages, RunViewerMessages } from '../../messages';
import type { RunGifMessages } from '../run-gif';
import type { DataTableMessages, RunResultViewMessages } from '../run-result-view';
import type { RunStatusBadgeMessages } from '../run-status-badge';
import type { StopRunButtonMessages } from '../stop-run-button';

export type { RunViewerMessages };

/** Texts of the parts `<RunViewer>` is made of, by part. `<LiveView>`'s go in `liveView.messages`, the prompt's in `formProps.messages`. */
export interface RunViewerPartMessages {
  /** For `<RunStatusBadge>`. Default: its group of `<MessagesProvider>`'s messages, else English. */
  statusBadge?: Partial<RunStatusBadgeMessages>;
  /** For `<StopRunButton>`. Default: its group of `<MessagesProvider>`'s messages, else English. */
  stopRunButton?: Partial<StopRunButtonMessages>;
  /** For `<RunResultView>`. Default: its group of `<MessagesProvider>`'s messages, else English. */
  runResult?: Partial<RunResultViewMessages>;
  /** For the result's `<DataTable>`. Default: its group of `<MessagesProvider>`'s messages, else English. */
  dataTable?: Partial<DataTableMessages>;
  /** For `<RunGif>`. Default: its group of `<MessagesProvider>`'s messages, else English. */
  runGif?: Partial<RunGifMessages>;
  /** For the time left to answer and the note at the deadline (`toolCallTimeoutMs`). Default: the `request` group of `<MessagesProvider>`'s messages, else English. */
  request?: Partial<RequestMessages>;
}
