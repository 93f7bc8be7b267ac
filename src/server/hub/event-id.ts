import type { StoredChange } from '../stores/proxy-store';

/** Where a client's stream stood: the store's epoch and the last sequence number it received. */
export interface EventPosition {
  readonly epoch: string;
  readonly seq: number;
}

/** The SSE `id:` of a change: `<epoch>-<seq>`. */
export function formatEventId(change: Pick<StoredChange, 'epoch' | 'seq'>): string {
  return `${change.epoch}-${change.seq}`;
}

/** A `Last-Event-ID` as sent back; `undefined` for anything this proxy never wrote (then the client gets the whole state). */
export function parseEventId(value: string | null): EventPosition | undefined {
  const match = value === null ? null : /^([A-Za-z0-9]{1,32})-(\d{1,15})$/.exec(value.trim());
  if (match === null) return undefined;
  return { epoch: match[1] as string, seq: Number(match[2]) };
}

/** True when a client at `position` has not yet seen `change`. */
export function isNewer(change: Pick<StoredChange, 'epoch' | 'seq'>, position: EventPosition | undefined): boolean {
  return position === undefined || change.epoch !== position.epoch || change.seq > position.seq;
}
