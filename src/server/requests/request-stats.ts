/** Two percentiles of the latest samples of one measure, in ms. */
export interface RequestTimeStats {
  readonly p50: number | undefined;
  readonly p95: number | undefined;
  /** Samples the percentiles are of (the latest 1,000). */
  readonly count: number;
}

/** The times of the requests of one team and source. */
export interface RequestTeamSourceStats {
  readonly team: string;
  readonly source: string;
  /** From `open` to the first page that listed it to a person (as this instance saw it listed). */
  readonly timeToFirstViewMs: RequestTimeStats;
  /** From `open` to the answer that won (as this instance took it). */
  readonly timeToAnswerMs: RequestTimeStats;
}

/** `proxy.stats().requests`: what this instance saw of the requests since it started. */
export interface TaskProxyRequestStats {
  /** Requests this instance opened that wait for their answer (it holds their promise). */
  readonly waiting: number;
  /** Requests opened on this instance. */
  readonly opened: number;
  /** Answers this instance took (the first for their request). */
  readonly answered: number;
  /** Requests cancelled through this instance. */
  readonly cancelled: number;
  /** Requests whose deadline this instance found passed. */
  readonly expired: number;
  /** The times per team and source, of the latest 1,000 requests of each. */
  readonly byTeamSource: readonly RequestTeamSourceStats[];
}

const MAX_SAMPLES = 1000;
/** Team and source pairs kept: a source that names itself anew each time cannot grow this without bound. */
const MAX_PAIRS = 1000;

interface Samples {
  team: string;
  source: string;
  view: number[];
  answer: number[];
}

/** The counters and samples behind `TaskProxyRequestStats`. */
export class RequestStats {
  opened = 0;
  answered = 0;
  cancelled = 0;
  expired = 0;
  private readonly pairs = new Map<string, Samples>();

  viewed(team: string, source: string, ms: number): void {
    push(this.samples(team, source).view, ms);
  }

  answeredAfter(team: string, source: string, ms: number): void {
    this.answered += 1;
    push(this.samples(team, source).answer, ms);
  }

  snapshot(waiting: number): TaskProxyRequestStats {
    return {
      waiting,
      opened: this.opened,
      answered: this.answered,
      cancelled: this.cancelled,
      expired: this.expired,
      byTeamSource: [...this.pairs.values()].map(({ team, source, view, answer }) => ({
        team,
        source,
        timeToFirstViewMs: percentiles(view),
        timeToAnswerMs: percentiles(answer),
      })),
    };
  }

  private samples(team: string, source: string): Samples {
    const key = JSON.stringify([team, source]);
    let samples = this.pairs.get(key);
    if (samples === undefined) {
      if (this.pairs.size >= MAX_PAIRS) this.pairs.delete(this.pairs.keys().next().value as string);
      this.pairs.set(key, (samples = { team, source, view: [], answer: [] }));
    }
    return samples;
  }
}

function push(list: number[], ms: number): void {
  list.push(Math.max(0, ms));
  if (list.length > MAX_SAMPLES) list.shift();
}

/** Nearest-rank percentiles. */
function percentiles(list: readonly number[]): RequestTimeStats {
  if (list.length === 0) return { p50: undefined, p95: undefined, count: 0 };
  const sorted = [...list].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), count: sorted.length };
}
