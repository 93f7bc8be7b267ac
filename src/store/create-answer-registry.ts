import type { RunStatus, TaskClient } from '../client';
import { removeDraft } from '../utils';
import { runOption } from './fetch-resource';
import { resourceKeys, type ResourceKey } from './resource-key';
import { isStatusOf } from './run-store-actions';
import { ToolInputRegistry } from './tool-input-registry';
import type { ToolInputRef } from './tool-input-state';

export interface AnswerRegistryDeps {
  client: TaskClient;
  runAction<T>(action: () => Promise<T>): Promise<T>;
  invalidate(match: (key: ResourceKey) => boolean): void;
  refetch(key: ResourceKey): Promise<unknown>;
  tick(): number;
  maxAnswerBytes: number;
  /** A tool-input state of the task changed. */
  notify(taskId: string): void;
  /** Sends under the origin's per-call lock, once for every tab (at once without other tabs). */
  exclusive(ref: ToolInputRef, send: () => Promise<void>): Promise<void>;
}

/** The store's answer registry, wired to its client, its invalidation and the other tabs. */
export function createAnswerRegistry(deps: AnswerRegistryDeps): ToolInputRegistry {
  const { client } = deps;
  return new ToolInputRegistry({
    send: (ref, input, key) => {
      const send = () =>
        deps.runAction(() =>
          client.submitToolInput(ref.taskId, { input, toolCallId: ref.toolCallId }, { ...runOption(ref.runId), idempotencyKey: key }),
        );
      return deps.exclusive(ref, send);
    },
    accepted: (ref) => {
      // Accepted: what the person typed for it is no longer needed, and may be sensitive.
      removeDraft(ref.taskId, ref.toolCallId);
      deps.invalidate(isStatusOf(ref.taskId));
    },
    uncertain: (ref) => deps.invalidate(isStatusOf(ref.taskId)),
    confirmGone: async (ref) => {
      deps.invalidate(isStatusOf(ref.taskId));
      const data = (await deps.refetch(resourceKeys.status(ref.taskId, ref.runId))) as RunStatus;
      return data.toolCall?.toolCallId !== ref.toolCallId;
    },
    tick: () => deps.tick(),
    maxAnswerBytes: deps.maxAnswerBytes,
    notify: (taskId) => deps.notify(taskId),
  });
}
