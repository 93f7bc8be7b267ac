export type { StopRunButtonMessages } from '../../messages';
