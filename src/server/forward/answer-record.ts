import { parseJsonRecord } from '../../utils';
import type { AnswerRecord } from '../stores/proxy-store';

/** Whether two records are the same write: the state, its writer and its time. */
export function sameAnswerRecord(a: AnswerRecord, b: AnswerRecord): boolean {
  return a.state === b.state && a.owner === b.owner && a.since === b.since;
}

/** An answer record as a store keeps it (JSON); `undefined` for anything else. */
export function readAnswerRecord(text: unknown): AnswerRecord | undefined {
  const parsed = parseJsonRecord(text);
  if (parsed === undefined) return undefined;
  const { state, key, body, owner, since, status } = parsed;
  if (state !== 'sending' && state !== 'doubt' && state !== 'answered') return undefined;
  if (typeof key !== 'string' || typeof body !== 'string' || typeof owner !== 'string' || typeof since !== 'number') return undefined;
  return { state, key, body, owner, since, status: typeof status === 'number' ? status : undefined };
}
