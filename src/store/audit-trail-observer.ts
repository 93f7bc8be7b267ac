import type { AuditEntry, AuditPage, TaskClient } from '../client';
import { toError } from '../utils';
import type { QueryResult } from './query-observers';
import { Subscribable } from './store-observer';

/** What `AuditTrailObserver` reads. */
export interface AuditTrailQuery {
  /** The task whose trail is read; `undefined` reads the whole trail of the caller's team. */
  taskId?: string | undefined;
  /** Most entries per page, newest first. Default: the proxy's (100). */
  limit?: number | undefined;
  /** `false` reads nothing. Default: true. */
  enabled?: boolean | undefined;
}

/** What `useAuditTrail` returns: the entries of every page read so far, newest first, and the way to the next page. */
export interface AuditTrailResult extends QueryResult<AuditEntry[]> {
  /** Whether the proxy has older entries than those read (`fetchNextPage` reads them). */
  readonly hasNextPage: boolean;
  /** True while the next page is read. */
  readonly isFetchingNextPage: boolean;
  /** Whether `error` is from reading the next page (the entries read before are kept); `fetchNextPage` tries it again. */
  readonly isFetchNextPageError: boolean;
  /**
   * Reads the next (older) page and adds it to `data`. Entries recorded since the first page do
   * not shift it: it starts right below the last entry read. Resolves with every entry read so far
   * (rejects with the error; ignoring the promise is safe); without a next page, with `data` as it is.
   */
  readonly fetchNextPage: () => Promise<AuditEntry[]>;
}

/** A reader of one page of the query's trail, from a client that can read it; `undefined` for a client that cannot. */
type PageReader = (before: string | undefined, signal: AbortSignal) => Promise<AuditPage>;

/**
 * A task's audit trail, or the caller's team's, a page at a time (`client.getAuditPage`), read
 * when the query changes and on `refetch` (which reads the first page again, newest entries
 * included, and drops the pages after it); `fetchNextPage` adds the next. For `useAuditTrail`.
 * Not cached across observers: the trail is read rarely, by one view at a time. A client with
 * `getAuditTrail` only reads a task's first page; one with neither reads nothing.
 */
export class AuditTrailObserver extends Subscribable {
  private client: TaskClient | undefined;
  private query: AuditTrailQuery = {};
  private key = '';
  private controller: AbortController | undefined;
  private nextReading: Promise<AuditEntry[]> | undefined;
  private next: string | undefined;
  private result!: AuditTrailResult;

  constructor() {
    super();
    this.publish(undefined, undefined, false);
  }

  readonly getSnapshot = (): AuditTrailResult => this.result;

  /** A new client or query reads the trail again; the same ones change nothing. */
  setQuery(client: TaskClient, query: AuditTrailQuery): void {
    const key = JSON.stringify([query.taskId ?? null, query.limit ?? null, query.enabled !== false]);
    if (client === this.client && key === this.key) return;
    this.client = client;
    this.query = query;
    this.key = key;
    this.stop();
    this.next = undefined;
    this.publish(undefined, undefined, this.isActive());
    if (this.isActive()) this.read().catch(() => undefined);
  }

  /** Stops a read still out; the observer may be used again. */
  destroy(): void {
    this.stop();
    this.client = undefined;
    this.key = '';
  }

  private stop(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.nextReading = undefined;
  }

  private isActive(): boolean {
    return this.query.enabled !== false && this.reader() !== undefined;
  }

  private reader(): PageReader | undefined {
    const { client } = this;
    const { taskId, limit } = this.query;
    const sized = limit === undefined ? {} : { limit };
    if (client?.getAuditPage !== undefined) {
      const getAuditPage = client.getAuditPage.bind(client);
      return (before, signal) => getAuditPage({ ...sized, taskId, before, signal });
    }
    if (client?.getAuditTrail === undefined || taskId === undefined) return undefined;
    const getAuditTrail = client.getAuditTrail.bind(client);
    return async (_before, signal) => ({ entries: await getAuditTrail(taskId, { ...sized, signal }), next: undefined });
  }

  /** Reads the first page, in place of everything read before. */
  private readonly read = (): Promise<AuditEntry[]> => {
    const reader = this.reader();
    if (reader === undefined) return Promise.reject(new Error('This client has no audit trail to read'));
    // A read of the next page gives way to this one.
    const wasFetching = this.result.isFetching && !this.result.isFetchingNextPage;
    this.stop();
    return this.load(reader, undefined, !wasFetching);
  };

  private readonly fetchNextPage = (): Promise<AuditEntry[]> => {
    const reader = this.reader();
    const { data, isFetching, isFetchingNextPage } = this.result;
    if (reader === undefined || data === undefined || this.next === undefined || (isFetching && !isFetchingNextPage))
      return Promise.resolve(data ?? []);
    return (this.nextReading ??= this.load(reader, this.next, true));
  };

  /** Reads the page `before` the entry named (the first page without one); `announce`: publish that it is read. */
  private load(reader: PageReader, before: string | undefined, announce: boolean): Promise<AuditEntry[]> {
    const more = before !== undefined;
    const controller = new AbortController();
    this.controller = controller;
    if (announce) this.publish(this.result.data, this.result.error, true, more ? 'reading' : undefined);
    return reader(before, controller.signal).then(
      (page) => {
        const current = more ? (this.result.data ?? []) : [];
        // An entry read twice (a store whose pages overlap) is shown once.
        const known = new Set(current.flatMap((entry) => entry.id ?? []));
        const entries = [...current, ...page.entries.filter((entry) => entry.id === undefined || !known.has(entry.id))];
        if (this.controller === controller) {
          this.next = page.next;
          this.nextReading = undefined;
          this.publish(entries, undefined, false);
        }
        return entries;
      },
      (error: unknown) => {
        const failure = toError(error);
        if (this.controller === controller) {
          this.nextReading = undefined;
          this.publish(this.result.data, failure, false, more ? 'failed' : undefined);
        }
        throw failure;
      },
    );
  }

  /** `nextPage`: whether the next page is being read, or its read failed. */
  private publish(data: AuditEntry[] | undefined, error: Error | undefined, isFetching: boolean, nextPage?: 'reading' | 'failed'): void {
    const isLoading = this.isActive() && data === undefined && error === undefined;
    this.result = Object.freeze({
      data,
      error,
      isLoading,
      isFetching: isFetching || isLoading,
      refetch: this.read,
      hasNextPage: data !== undefined && this.next !== undefined,
      isFetchingNextPage: nextPage === 'reading',
      isFetchNextPageError: error !== undefined && nextPage === 'failed',
      fetchNextPage: this.fetchNextPage,
    });
    this.notify();
  }
}
