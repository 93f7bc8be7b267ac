import type { EventResource, EventTopic } from '../../client';
import type { HubStream } from './hub-stream';
import type { StoredChange } from '../stores/proxy-store';
import type { TopicPoller } from './topic-poller';

/** A store call marking topics wanted, and the batch waiting for it. */
export interface WantedWrite {
  readonly done: Promise<void>;
  next?: { readonly keys: Set<string>; readonly done: Promise<void> };
}

/** A topic this instance follows: the streams that name it here, its poller, the latest it saw. */
export interface LocalTopic {
  readonly topic: EventTopic;
  readonly key: string;
  readonly streams: Set<HubStream>;
  readonly poller: TopicPoller;
  /** The latest change of each resource this instance has seen, for when the store cannot say. */
  readonly latest: Map<EventResource, StoredChange>;
  /** Set while a watch follows the topic (`watch`): told once when its run ends. */
  onRunEnd?: (() => void) | undefined;
}

/** A task this instance listens to the channel of, for its topics. */
export interface LocalTask {
  readonly topics: Set<string>;
  /** Resolves once the task's channel is listened to, with the function that stops listening. */
  listening: Promise<() => Promise<void>>;
  /** The subscription failed (the store was down): made again when the store works again. */
  failed: boolean;
}
