export type { RunResultViewMessages, DataTableMessages } from '../../messages';
