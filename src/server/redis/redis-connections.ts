import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/** The two connections of a store: commands, and subscriptions (a subscribed client takes no other command). */
interface RedisConnectionPair {
  client: RedisClient;
  subscriber: RedisClient;
  /** Settles when both first connected, or rejects when a first attempt failed. */
  connected: Promise<unknown>;
}

/** Options of `redisConnections`. */
interface RedisConnectionsOptions {
  /** The address, or the function that gives it (`createRedisProxyStore`'s `url`): read at the first call. */
  url: string | undefined | (() => string | undefined);
  /** Connection errors; undefined for one line on `console.error` an outage. */
  onError: ((error: unknown) => void) | undefined;
  /** Called with the command client each time it (re)connects. */
  onReady: (client: RedisClient) => void;
}

/**
 * A store's connections: opened by the first call that needs them, whatever form `url` has (a
 * store made as a module loads, e.g. by `next build`, must reach no Redis), reporting each
 * reconnection, and closed whatever state Redis is in.
 */
export function redisConnections(options: RedisConnectionsOptions) {
  // By default one line an outage, not one an attempt: the client retries every few seconds.
  let reportedOutage = false;
  const onError =
    options.onError ??
    ((error: unknown) => {
      if (reportedOutage) return;
      reportedOutage = true;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      console.error(`hitl-react: Redis proxy store: ${reason} (reconnecting; said again only after a reconnection)`);
    });
  let connection: RedisConnectionPair | undefined;
  let closed = false;
  let readies = 0;

  const open = (): RedisConnectionPair => {
    if (closed) throw new Error('the Redis proxy store is closed');
    if (connection !== undefined) return connection;
    const url = typeof options.url === 'function' ? options.url() : options.url;
    if (url === undefined || url === '') throw new Error('createRedisProxyStore: `url` gave no address of a Redis server');
    // Without the offline queue a command fails at once while Redis is away, instead of waiting for
    // its return: the hub then polls on its own, and streams are not held.
    const client: RedisClient = createClient({ url, disableOfflineQueue: true });
    const subscriber: RedisClient = client.duplicate();
    for (const each of [client, subscriber])
      each.on('error', onError).on('ready', () => {
        readies += 1;
        reportedOutage = false;
      });
    client.on('ready', () => options.onReady(client));
    // A call made before the first connection waits for it, but only until an attempt fails: the
    // client retries for ever, and a call must fail while Redis is away, not hang.
    const connected = new Promise<unknown>((resolve, reject) => {
      Promise.all([client.connect(), subscriber.connect()]).then(resolve, reject);
      for (const each of [client, subscriber]) each.once('error', reject);
    });
    // A failed connection is reported by the first method that needs it.
    connected.catch(() => undefined);
    return (connection = { client, subscriber, connected });
  };
  return {
    onError,
    /** Both connections: made (or failed a first attempt) before it returns. */
    opened: async (): Promise<RedisConnectionPair> => {
      const current = open();
      if (!current.client.isReady || !current.subscriber.isReady) await current.connected;
      return current;
    },
    /** How many times a connection became ready: more than two means one was made again. */
    readies: () => readies,
    close: async (): Promise<void> => {
      closed = true;
      if (connection === undefined) return;
      // A client still connecting (Redis away or gone) has no command to finish and may retry for
      // ever: it is destroyed, not waited for, so that a proxy shuts down whatever Redis does.
      const { client, subscriber } = connection;
      const closing = [subscriber, client].map(async (each) => {
        if (each.isReady) await each.close();
        else each.destroy();
      });
      await Promise.allSettled(closing);
    },
  };
}
