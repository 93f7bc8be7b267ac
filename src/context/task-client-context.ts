import { createContext, type Context } from 'react';
import type { TaskClient } from '../client';
import type { RunStore } from '../store';

/** What `<TaskClientProvider>` hands down. Kept minimal: two copies of the package may share it. */
export interface TaskClientContextValue {
  readonly client: TaskClient;
  /** The store the provider was given; absent means `getRunStore(client)`. */
  readonly store: RunStore | undefined;
}

const CONTEXT_KEY = Symbol.for('hitl-react.task-client');

type ContextHolder = typeof globalThis & { [CONTEXT_KEY]?: Context<TaskClientContextValue | null> };

function sharedContext(): Context<TaskClientContextValue | null> {
  const holder = globalThis as ContextHolder;
  let context = holder[CONTEXT_KEY];
  if (context === undefined) {
    context = createContext<TaskClientContextValue | null>(null);
    context.displayName = 'TaskClientContext';
    holder[CONTEXT_KEY] = context;
  }
  return context;
}

/**
 * The React context of the task client. It lives on `globalThis` under
 * `Symbol.for('hitl-react.task-client')`, so a provider from one copy of this package is seen by
 * hooks from another (a library bundling its own copy, a monorepo with two versions).
 */
// Pure: a page that never renders a provider or a hook drops this module altogether.
export const TaskClientContext: Context<TaskClientContextValue | null> = /* @__PURE__ */ sharedContext();

/** The message thrown when a hook finds no client. */
export const MISSING_TASK_CLIENT_MESSAGE =
  'hitl-react: no TaskClient found. Wrap your components in <TaskClientProvider client={createTaskClient({ baseUrl })}>, ' +
  'or pass a client as the last argument of the hook (for example useRunStatus({ taskId }, client)).';
