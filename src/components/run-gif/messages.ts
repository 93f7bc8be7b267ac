export type { RunGifMessages } from '../../messages';
