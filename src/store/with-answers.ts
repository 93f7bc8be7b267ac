import { createAnswerRegistry } from './create-answer-registry';
import type { RunStore } from './run-store';
import { ANSWERS_KEY, type StoreAnswers } from './store-answers';

/**
 * Gives `store` the code of its answers now, so that an answer goes out in the same task as the
 * click that sends it. The hooks and observers that answer call it; a page that only watches runs
 * never imports it, and its store loads that code if an answer is sent anyway.
 */
export function withAnswers<S extends RunStore>(store: S): S {
  (store as S & { [ANSWERS_KEY]?: StoreAnswers })[ANSWERS_KEY]?.provide(createAnswerRegistry);
  return store;
}
