import type { AnswerRegistryDeps, createAnswerRegistry } from './create-answer-registry';
import type { ToolInputRegistry } from './tool-input-registry';

/** Where a store takes the code of its answers from, when the page has it already (`withAnswers`). */
export const ANSWERS_KEY = Symbol.for('hitl-react.run-store-answers.v1');

export type AnswerRegistryFactory = typeof createAnswerRegistry;

/**
 * A store's answers: the exactly-once registry once its code is there, and the readers of the
 * tool-input states meanwhile (nothing was attempted yet, so every state reads `idle`).
 */
export class StoreAnswers {
  registry: ToolInputRegistry | undefined;
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(private readonly deps: Omit<AnswerRegistryDeps, 'notify'>) {}

  /** The registry, made with `create` unless there is one. */
  provide(create: AnswerRegistryFactory): ToolInputRegistry {
    this.registry ??= create({ ...this.deps, notify: (taskId) => this.notify(taskId) });
    return this.registry;
  }

  /** The registry, its code loaded first when no hook of this page brought it. */
  load(): Promise<ToolInputRegistry> {
    if (this.registry !== undefined) return Promise.resolve(this.registry);
    return import('./create-answer-registry').then(({ createAnswerRegistry }) => this.provide(createAnswerRegistry));
  }

  /** Calls `listener` when any tool-input state of the task changes. */
  subscribe(taskId: string, listener: () => void): () => void {
    let set = this.listeners.get(taskId);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(taskId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(taskId) === set) this.listeners.delete(taskId);
    };
  }

  private notify(taskId: string): void {
    const set = this.listeners.get(taskId);
    if (set === undefined) return;
    for (const listener of [...set]) listener();
  }
}
