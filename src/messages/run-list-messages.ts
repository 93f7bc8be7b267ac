import { enPagedListMessages, type PagedListMessages } from './paged-list-messages';

/**
 * Every text `<RunList>` writes. English defaults of the list's texts: heading "Runs", loading
 * "Loading runs…", empty "No runs yet.", error "Could not load the runs: <reason>", keyRefused
 * "Could not load the runs: the service refused the API key.", pagination "Run pages".
 */
export interface RunListMessages extends PagedListMessages {
  /** A run's id, shown after its start time. Default: the id as is. */
  runId(context: { id: string }): string;
  /** `created_at` when it is not a date (shown raw). Default: "Started <value>". */
  unknownDate(context: { value: string }): string;
}

/** The English `RunListMessages`. */
export const enRunListMessages: RunListMessages = {
  ...enPagedListMessages,
  heading: () => 'Runs',
  loading: () => 'Loading runs…',
  empty: () => 'No runs yet.',
  error: ({ reason }) => `Could not load the runs: ${reason}`,
  keyRefused: () => 'Could not load the runs: the service refused the API key.',
  runId: ({ id }) => id,
  unknownDate: ({ value }) => `Started ${value}`,
  pagination: () => 'Run pages',
};
