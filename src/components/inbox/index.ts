export { Inbox } from './inbox';
export type { InboxProps, InboxState } from './inbox';
