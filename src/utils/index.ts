/**
 * The floor of the layer table (ARCHITECTURE.md): small primitives every layer shares. Nothing
 * here imports React or any other folder of `src/`; the React ones live in `./react`.
 */
export { DEFAULT_RETRY_BASE_MS, DEFAULT_RETRY_CAP_MS, fullJitterBackoff, retryDelay, type BackoffOptions } from './backoff';
export { cx } from './class-names';
export { isPromiseLike, isRecord, ownValue, parseJsonRecord } from './is-record';
export { quiet } from './quiet';
export { toError } from './to-error';
export { contentKey } from './content-key';
export { contentHash } from './content-hash';
export { cutText } from './cut-text';
export { cloneJson, stringifyJson } from './json-data';
export { importOptionalPeer } from './import-optional-peer';
export { readDraft, removeDraft, requestDraftScope, writeDraft } from './session-drafts';
export {
  compileLinearPattern,
  LinearPattern,
  matchesWhole,
  type Automaton,
  type PatternFlags,
  type UnsupportedReason,
  type WorkMeter,
} from './linear-pattern';
