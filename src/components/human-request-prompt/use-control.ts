import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { TaskClient } from '../../client';
import { createBrowserTabEnvironment, type TabEnvironment } from '../../store';
import { ControlLease, type ControlLeaseTarget, type ControlView } from './control-lease';
import { ControlLock, type ControlHolder } from './control-lock';

/** The lock's holder as a view: one object per holder, so the snapshot is stable. */
const LOCK_VIEWS: Record<ControlHolder, ControlView> = {
  none: { holder: 'none', user: undefined, since: undefined, otherTab: false, unreachable: false, lapsed: false, ended: false },
  me: { holder: 'me', user: undefined, since: undefined, otherTab: false, unreachable: false, lapsed: false, ended: false },
  elsewhere: { holder: 'elsewhere', user: undefined, since: undefined, otherTab: true, unreachable: false, lapsed: false, ended: false },
};

const viewOf = (control: ControlLock | ControlLease | undefined): ControlView =>
  control instanceof ControlLease ? control.view : LOCK_VIEWS[control?.holder ?? 'none'];

/**
 * One hand's control per mounted hand-off: the proxy's lease when a `target` is given whose client
 * can lease, else the lock of this browser's tabs alone (made with the tabs given, or the browser's).
 */
export function useControl(key: string, given: TabEnvironment | false | undefined, target: ControlLeaseTarget | undefined) {
  const [control, setControl] = useState<ControlLock | ControlLease | undefined>(undefined);
  const listeners = useRef(new Set<() => void>());
  // The target's parts, not the object: a caller may write it anew at each render.
  const client: TaskClient | undefined = target?.client;
  const id = target?.id;
  const toolCallId = target?.toolCallId;
  useEffect(() => {
    const tabs = given === false ? undefined : (given ?? createBrowserTabEnvironment());
    const notify = () => {
      for (const listener of [...listeners.current]) listener();
    };
    const made =
      // A client that cannot lease (not a `createTaskClient`'s) holds control as without a target.
      client?.takeControl === undefined || client.readControl === undefined || id === undefined
        ? new ControlLock(key, tabs, notify)
        : new ControlLease({ client, id, toolCallId }, key, tabs, notify);
    setControl(made);
    return () => {
      made.destroy();
      setControl(undefined);
    };
  }, [key, given, client, id, toolCallId]);
  const view = useSyncExternalStore(
    (listener) => {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
    () => viewOf(control),
    () => LOCK_VIEWS.none,
  );
  return { control, view };
}
