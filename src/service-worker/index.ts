export { handlePushEvents } from './handle-push-events';
export type { HandlePushEventsOptions, PushServiceWorkerScope } from './handle-push-events';
export { subscribeToPush, unsubscribeFromPush } from './subscribe-to-push';
export type { PushSubscribeOptions, SubscribeToPushOptions } from './subscribe-to-push';
