import type { TabLocks } from './store-environment';

/** `alone`: no other tab can be reached; `leader`: this tab polls for all; `follower`: it is fed. */
export type TabRole = 'alone' | 'leader' | 'follower';

export interface TabElectionOptions {
  /** The lock (or, without locks, the channel's) name: one leader per name. */
  readonly lockName: string;
  readonly tabId: string;
  readonly locks: TabLocks | undefined;
  /** Without a word from the leader for this long, it is taken for gone. */
  readonly leaderTimeoutMs: number;
  readonly random: () => number;
  /** The role changed. */
  onChange(): void;
}

/**
 * Who polls for the tabs of an origin. With Web Locks, the tab holding the lock (held for its
 * life, so the browser hands it on when the tab closes or crashes) leads. Without them, tabs elect
 * over the channel: a follower that has not heard a leader for `leaderTimeoutMs` plus jitter takes
 * over, and of two leaders that hear each other the one with the larger id steps down.
 */
export class TabElection {
  role: TabRole = 'follower';
  private lastHeard = Date.now();
  private patience: number;
  private release: (() => void) | undefined;
  private destroyed = false;

  constructor(private readonly options: TabElectionOptions) {
    this.patience = this.nextPatience();
    const locks = options.locks;
    if (locks === undefined) return;
    const hold = () =>
      new Promise<void>((resolve) => {
        this.release = resolve;
        // Settled in a later task: the caller may still be constructing what `onChange` reads.
        if (this.destroyed) resolve();
        else queueMicrotask(() => this.become('leader'));
      });
    // Asked first without waiting, so a tab that will follow knows at once and does not poll meanwhile.
    void locks
      .request<boolean>(options.lockName, { ifAvailable: true }, async (lock) => {
        if (lock === null) return true;
        await hold();
        return false;
      })
      .then((taken) => (taken && !this.destroyed ? locks.request(options.lockName, {}, hold) : undefined))
      .catch(() => {
        // Locks refused (an opaque origin): this tab polls for itself.
        if (!this.destroyed) this.become('alone');
      });
  }

  /** A leader's heartbeat from `from`. */
  heard(from: string): void {
    this.lastHeard = Date.now();
    if (this.options.locks === undefined && this.role === 'leader' && from < this.options.tabId) this.become('follower');
  }

  /** True while a follower has heard its leader recently enough to rely on it. */
  get fed(): boolean {
    return this.role === 'follower' && Date.now() - this.lastHeard < this.options.leaderTimeoutMs;
  }

  /** Called every heartbeat: without locks, a follower that lost its leader takes over. */
  tick(): void {
    if (this.options.locks !== undefined || this.role !== 'follower') return;
    if (Date.now() - this.lastHeard < this.patience) return;
    this.patience = this.nextPatience();
    this.become('leader');
  }

  destroy(): void {
    this.destroyed = true;
    this.release?.();
  }

  private nextPatience(): number {
    return this.options.leaderTimeoutMs + Math.floor(this.options.random() * (this.options.leaderTimeoutMs / 3));
  }

  private become(role: TabRole): void {
    if (this.role === role) return;
    this.role = role;
    // A new follower gives its leader a full timeout before polling for itself.
    if (role === 'follower') this.lastHeard = Date.now();
    this.options.onChange();
  }
}
