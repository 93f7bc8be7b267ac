export type { RunListMessages } from '../../messages';
