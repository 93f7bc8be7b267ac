export { RunGif } from './run-gif';
export type { RunGifProps, RunGifState } from './run-gif';
export type { RunGifMessages } from './messages';
