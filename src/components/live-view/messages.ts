export type { LiveViewMessages } from '../../messages';
