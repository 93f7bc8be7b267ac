import type { RunStatus, TaskClient } from '../client';
import { removeDraft } from '../utils';
import type { CrossTabSync } from './cross-tab-sync';
import { runOption } from './fetch-resource';
import { resourceKeys, type ResourceKey } from './resource-key';
import { isStatusOf } from './run-store-actions';
import { ToolInputRegistry } from './tool-input-registry';

export interface AnswerRegistryDeps {
  client: TaskClient;
  runAction<T>(action: () => Promise<T>): Promise<T>;
  invalidate(match: (key: ResourceKey) => boolean): void;
  refetch(key: ResourceKey): Promise<unknown>;
  tick(): number;
  maxAnswerBytes: number;
  /** With other tabs: answers go out under their per-call lock, and once for the origin. */
  sync: CrossTabSync | undefined;
}

/** The store's answer registry, wired to its client, its invalidation and the other tabs. */
export function createAnswerRegistry(deps: AnswerRegistryDeps): ToolInputRegistry {
  const { client, sync } = deps;
  return new ToolInputRegistry({
    send: (ref, input) => {
      const send = () =>
        deps.runAction(() => client.submitToolInput(ref.taskId, { input, toolCallId: ref.toolCallId }, runOption(ref.runId)));
      return sync === undefined ? send() : sync.exclusive(ref, send);
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
  });
}
