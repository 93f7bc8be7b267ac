/** The shape of bench/results/latest.json. */
import type { BytesResult } from '../sections/bytes';
import type { DataTableResult } from '../sections/data-table';
import type { HubResult } from '../sections/hub';
import type { PollingResult } from '../sections/polling';
import type { RequestsResult } from '../sections/requests';
import type { TabsResult } from '../sections/tabs';
import type { TypingResult } from '../sections/typing';
import type { ValidationResult } from '../sections/validation';
import type { MachineInfo } from './machine';

export interface BenchResults {
  machine: MachineInfo;
  /** Library versions measured (from the consumer app's node_modules, else ours). */
  versions: Record<string, string>;
  /** The package measured: the source hash its tarball is keyed by, and what packing and installing took (0: cached). */
  packed?: { hash: string; buildSeconds: number; installSeconds: number };
  /** How the run was asked for (rounds, sections). */
  settings: { sections: string[]; typingRounds: number; pollingRounds: number; tableRounds: number; diagnose: boolean };
  bytes?: BytesResult;
  typing?: TypingResult;
  dataTable?: DataTableResult;
  polling?: PollingResult;
  /** 1, 3 and 10 tabs watching 50 runs: status requests per interval by library. */
  tabs?: TabsResult;
  validation?: ValidationResult;
  hub?: HubResult;
  /** 1,000 requests opened across 2 proxy instances on Redis: open → shown, answer → resolved, heap. */
  requests?: RequestsResult;
  targets: TargetResult[];
  durationSeconds: number;
  /** Seconds each section took. */
  sectionSeconds: Partial<Record<string, number>>;
}

export type TargetStatus = 'PASS' | 'MISS' | 'NOT MEASURED';

export interface TargetResult {
  id: string;
  /** The goal, in words. */
  goal: string;
  /** What was measured, in words with the number. */
  measured: string;
  status: TargetStatus;
  /** For a miss: what costs the bytes or the time, from this run's figures. */
  why?: string;
}
