import { enRunResultViewMessages, type RunResultViewMessages, enDataTableMessages, type DataTableMessages } from '../../messages';

export type { RunResultViewMessages, DataTableMessages };

/** The English defaults of `RunResultViewMessages` (the `en` locale's group). */
export const defaultRunResultViewMessages: RunResultViewMessages = enRunResultViewMessages;

/** The English defaults of `DataTableMessages` (the `en` locale's group). */
export const defaultDataTableMessages: DataTableMessages = enDataTableMessages;
