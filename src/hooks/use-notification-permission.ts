import { useCallback, useState } from 'react';

/** `unsupported` where the browser has no Notification API. */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

const current = (): NotificationPermissionState => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/**
 * The page's permission to show OS notifications, and `request`, which asks the person. Call
 * `request` only from a click: browsers ignore (or penalise) asking unprompted.
 */
export function useNotificationPermission(): {
  permission: NotificationPermissionState;
  request: () => Promise<NotificationPermissionState>;
} {
  const [permission, setPermission] = useState(current);
  const request = useCallback(async () => {
    if (typeof Notification === 'undefined') return 'unsupported' as const;
    const next = await Notification.requestPermission();
    setPermission(next);
    return next;
  }, []);
  return { permission, request };
}
