import type { EventSourceSettings } from './read-event-stream';
import type { TaskEventSource } from './types';

/**
 * The client's access to the proxy's event stream (`createTaskClient({ events: true })`). The code
 * that reads a stream is loaded on the first connection, so a page that never follows runs
 * through a proxy does not ship it.
 */
export function createEventSource(settings: EventSourceSettings): TaskEventSource {
  return {
    async connect(connection) {
      const { readEventStream } = await import('./read-event-stream');
      return readEventStream(settings, connection);
    },
  };
}
