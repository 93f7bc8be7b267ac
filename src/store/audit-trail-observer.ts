import type { AuditEntry, TaskClient } from '../client';
import type { QueryResult } from './query-result';

/** What `AuditTrailObserver` reads. */
export interface AuditTrailQuery {
  /** The task whose trail is read; `undefined` reads nothing. */
  taskId: string | undefined;
  /** Most entries, newest first. Default: the proxy's. */
  limit?: number | undefined;
  /** `false` reads nothing. Default: true. */
  enabled?: boolean | undefined;
}

/**
 * One task's audit trail (`client.getAuditTrail`), read when the query changes and on `refetch`,
 * for `useAuditTrail`. Not cached across observers: the trail is read rarely, by one view at a time.
 * A client without `getAuditTrail` reads nothing.
 */
export class AuditTrailObserver {
  private client: TaskClient | undefined;
  private query: AuditTrailQuery = { taskId: undefined };
  private key = '';
  private controller: AbortController | undefined;
  private readonly listeners = new Set<() => void>();
  private result: QueryResult<AuditEntry[]>;

  constructor() {
    this.result = this.make(undefined, undefined, false);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): QueryResult<AuditEntry[]> => this.result;

  /** A new client or query reads the trail again; the same ones change nothing. */
  setQuery(client: TaskClient, query: AuditTrailQuery): void {
    const key = JSON.stringify([query.taskId ?? null, query.limit ?? null, query.enabled !== false]);
    if (client === this.client && key === this.key) return;
    this.client = client;
    this.query = query;
    this.key = key;
    this.controller?.abort();
    this.controller = undefined;
    this.publish(undefined, undefined, this.isActive());
    if (this.isActive()) this.read().catch(() => undefined);
  }

  /** Stops a read still out; the observer may be used again. */
  destroy(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.client = undefined;
    this.key = '';
  }

  private isActive(): boolean {
    return this.query.enabled !== false && this.query.taskId !== undefined && this.client?.getAuditTrail !== undefined;
  }

  private readonly read = (): Promise<AuditEntry[]> => {
    const { client } = this;
    const { taskId, limit } = this.query;
    if (client?.getAuditTrail === undefined || taskId === undefined)
      return Promise.reject(new Error('This client has no audit trail to read'));
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    if (!this.result.isFetching) this.publish(this.result.data, this.result.error, true);
    const reading = client.getAuditTrail(taskId, { signal: controller.signal, ...(limit === undefined ? {} : { limit }) });
    reading.then(
      (data) => {
        if (this.controller === controller) this.publish(data, undefined, false);
      },
      (error: unknown) => {
        if (this.controller === controller)
          this.publish(this.result.data, error instanceof Error ? error : new Error(String(error)), false);
      },
    );
    return reading;
  };

  private make(data: AuditEntry[] | undefined, error: Error | undefined, isFetching: boolean): QueryResult<AuditEntry[]> {
    const isLoading = this.isActive() && data === undefined && error === undefined;
    return Object.freeze({ data, error, isLoading, isFetching: isFetching || isLoading, refetch: this.read });
  }

  private publish(data: AuditEntry[] | undefined, error: Error | undefined, isFetching: boolean): void {
    this.result = this.make(data, error, isFetching);
    for (const listener of [...this.listeners]) listener();
  }
}
