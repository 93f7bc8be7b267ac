export { RunGif } from './run-gif';
export type { RunGifProps, RunGifState } from './run-gif';
export { defaultRunGifMessages } from './messages';
export type { RunGifMessages } from './messages';
