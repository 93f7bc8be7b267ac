import type { FaultType } from './faults';

/** One request the service answered (or did not), as `service.requests` records it. Never holds the key. */
export interface SimulatorRequestRecord {
  method: string;
  /** The pathname exactly as received (still percent-encoded). */
  path: string;
  /** Query parameters as received; a value equal to the key is replaced by `[redacted]`. */
  query: Record<string, string>;
  /** What the `x-api-key` header held. */
  key: 'valid' | 'invalid' | 'missing';
  /** HTTP status of the answer; `null` while pending, for a dropped connection, or when the client gave up. */
  status: number | null;
  /** The fault that hit this request, if any. */
  fault: FaultType | 'rate-limit' | null;
  /** Service clock (`now()`) when the request arrived. */
  startedAt: number;
  /** Service clock when it was answered or given up; `null` while pending. */
  endedAt: number | null;
}

/** The service's record of requests, oldest first, keeping at most `limit` of them. */
export class RequestLog {
  private records: SimulatorRequestRecord[] = [];

  constructor(
    private readonly apiKey: string,
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** The records, oldest first; the handler fills in status, fault and end time as they become known. */
  get entries(): readonly SimulatorRequestRecord[] {
    return this.records;
  }

  /** Records a request as it arrives and returns its record. */
  record(request: Request, url: URL): SimulatorRequestRecord {
    const presented = request.headers.get('x-api-key');
    const entry: SimulatorRequestRecord = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries([...url.searchParams].map(([name, value]) => [name, value === this.apiKey ? '[redacted]' : value])),
      key: presented === null ? 'missing' : presented === this.apiKey ? 'valid' : 'invalid',
      status: null,
      fault: null,
      startedAt: this.now(),
      endedAt: null,
    };
    this.records.push(entry);
    if (this.records.length > this.limit) this.records.splice(0, this.records.length - this.limit);
    return entry;
  }

  /** Forgets every record. */
  clear(): void {
    this.records = [];
  }
}
