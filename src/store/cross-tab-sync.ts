import { isRecord } from '../utils';
import type { Resource } from './resource';
import { isTabSharedKind, resourceKeyId, type ResourceKey } from './resource-key';
import { WatchSet } from './store-observer';
import { TabElection, type TabRole } from './tab-election';
import { createBrowserTabEnvironment, type TabChannel, type TabEnvironment } from './store-environment';
import { callKey, type ToolInputRef } from './tool-input-state';
import type { TabsPlan, UpdateSource, UpdateSourceHost } from './update-source';

interface KeyInterval {
  readonly key: ResourceKey;
  readonly interval: number | false;
}

interface Peer {
  visible: boolean;
  showing: ReadonlySet<string>;
  keys: readonly KeyInterval[];
  lastSeen: number;
}

const VERSION = 1;

/** Records older than this are pruned: long after any tab could still show their call. */
const RECORD_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * One poller per browser: the leader tab polls what every tab watches and posts what it reads;
 * the others apply it and poll nothing. Answers accepted in one tab are known to all, and sent
 * under a lock per call, so two tabs never both send one.
 */
export class CrossTabSync implements UpdateSource {
  private readonly election: TabElection;
  private readonly prefix: string;
  /** The records this tab wrote, which hold without storage. */
  private readonly recorded = new Set<string>();
  private readonly peers = new Map<string, Peer>();
  /** What the followers watch, watched here while this tab leads. */
  private readonly remote = new WatchSet((key, options) => this.host.watch(key, options));
  private readonly offs: Array<() => void> = [];
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly timeoutMs: number;
  private readonly tabId: string;
  private wasFed = false;
  private pendingPost: ReturnType<typeof setTimeout> | undefined;
  private destroyed = false;

  constructor(
    private readonly host: UpdateSourceHost,
    private readonly plan: TabsPlan,
    private readonly channel: TabChannel,
    private readonly environment: TabEnvironment,
  ) {
    this.tabId = `${Date.now().toString(36)}-${host.random().toString(36).slice(2, 10)}`;
    this.timeoutMs = plan.options.leaderTimeoutMs ?? 1500;
    this.prefix = `hitl-react:${VERSION}:${plan.name}`;
    this.election = new TabElection({
      lockName: `${this.prefix}:leader`,
      tabId: this.tabId,
      locks: environment.locks,
      leaderTimeoutMs: this.timeoutMs,
      random: host.random,
      onChange: () => this.onRoleChange(),
    });
    this.wasFed = this.election.fed;
    this.offs.push(channel.listen((message) => this.receive(message)));
    this.offs.push(plan.base.subscribe(() => this.announce()));
    this.offs.push(environment.onClose(() => this.destroy()));
    this.heartbeat = setInterval(() => this.beat(), plan.options.heartbeatMs ?? 500);
    (this.heartbeat as { unref?: () => void }).unref?.();
    this.announce();
  }

  get role(): TabRole {
    return this.election.role;
  }

  /** The leader polls this resource for this tab: it is not polled here. */
  covers(resource: Resource): boolean {
    return this.election.fed && isTabSharedKind(resource.key.resource);
  }

  /** True for a leader while another tab of the origin is visible: it then polls for that tab. */
  pollsForVisibleTab(): boolean {
    return this.role === 'leader' && [...this.freshPeers()].some((peer) => peer.visible);
  }

  /** What this tab watches changed: followers tell the leader soon. */
  refresh(): void {
    if (this.pendingPost !== undefined || this.destroyed) return;
    this.pendingPost = setTimeout(() => {
      this.pendingPost = undefined;
      this.announce();
    }, 0);
  }

  /** A resource of this tab changed: the leader posts it for the tabs that watch it. */
  published(resource: Resource): void {
    if (this.role !== 'leader' || !this.remote.has(resource.id)) return;
    this.postData(resource);
  }

  /**
   * Runs `send` unless another tab's answer to this call was accepted, under a lock per call, so
   * two tabs submitting at once send once. Resolves as accepted when another tab's answer was.
   */
  exclusive(ref: ToolInputRef, send: () => Promise<void>): Promise<void> {
    const id = `answered:${callKey(ref.taskId, ref.toolCallId)}`;
    return this.onceForOrigin(id, async () => {
      await send();
      this.post({ t: 'answered', ref: { taskId: ref.taskId, runId: ref.runId, toolCallId: ref.toolCallId } });
    });
  }

  /** Runs `action` in one tab of the origin only, the first to ask, once per `name`. */
  once(name: string, action: () => void | Promise<void>): Promise<boolean> {
    let ran = false;
    return this.onceForOrigin(`once:${name}`, async () => {
      ran = true;
      await action();
    }).then(() => ran);
  }

  /** True when another visible tab of the origin shows the call. */
  shownInOtherVisibleTab(id: string): boolean {
    for (const peer of this.freshPeers()) if (peer.visible && peer.showing.has(id)) return true;
    return false;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.post({ t: 'bye' });
    clearInterval(this.heartbeat);
    if (this.pendingPost !== undefined) clearTimeout(this.pendingPost);
    for (const off of this.offs) off();
    this.remote.set([]);
    this.election.destroy();
    this.channel.close();
  }

  // ---- records -------------------------------------------------------------------------------

  /**
   * Runs `action` unless it was done (and succeeded) under `id` in any tab of the origin; resolves
   * either way. The record is in the shared storage, decided under a Web Lock per record, so two
   * tabs asking at the same moment are taken one after the other and the second sees the first's
   * record. Without locks the check is best effort (read, then written); without storage it holds
   * within the tab.
   */
  private async onceForOrigin(id: string, action: () => Promise<void>): Promise<void> {
    const key = (record: string) => `${this.prefix}:record:${record}`;
    const { locks, storage } = this.environment;
    const run = async () => {
      try {
        if (this.recorded.has(id) || storage?.getItem(key(id)) != null) return;
      } catch {
        // Refused storage: only this tab's records count.
      }
      await action();
      this.recorded.add(id);
      if (storage === undefined) return;
      const now = Date.now();
      try {
        storage.setItem(key(id), String(now));
        // The index lets old records be pruned without listing the whole storage.
        const indexKey = `${this.prefix}:records`;
        const parsed: unknown = JSON.parse(storage.getItem(indexKey) ?? '{}');
        const index = isRecord(parsed) ? (parsed as Record<string, number>) : {};
        for (const [old, at] of Object.entries(index)) {
          if (typeof at === 'number' && now - at < RECORD_LIFETIME_MS) continue;
          delete index[old];
          storage.removeItem(key(old));
        }
        index[id] = now;
        storage.setItem(indexKey, JSON.stringify(index));
      } catch {
        // Full or refused storage: the record holds in this tab, and the lock still orders the tabs.
      }
    };
    if (locks === undefined) return run();
    await locks.request(`${this.prefix}:lock:${id}`, {}, run);
  }

  // ---- messages --------------------------------------------------------------------------------

  private post(message: Record<string, unknown>): void {
    if (this.destroyed && message.t !== 'bye') return;
    try {
      this.channel.post({ ...message, v: VERSION, from: this.tabId });
    } catch {
      // A closed channel (the page is going away): nothing left to tell.
    }
  }

  /** Who this tab is and what it shows; followers add what they watch. */
  private announce(): void {
    if (this.destroyed) return;
    const about = { visible: this.plan.base.isVisible(), showing: [...this.plan.showing.keys()] };
    if (this.role === 'leader') this.post({ t: 'hello', ...about });
    else if (this.role === 'follower') this.post({ t: 'watch', ...about, keys: this.watchedKeys() });
  }

  private watchedKeys(): KeyInterval[] {
    const keys: KeyInterval[] = [];
    for (const resource of this.host.resources()) {
      // The leader's own watchers of another tab's keys are not this tab's interest.
      if (resource.watchers.size === 0 || !isTabSharedKind(resource.key.resource)) continue;
      keys.push({ key: resource.key, interval: this.host.requestedInterval(resource) ?? false });
    }
    return keys;
  }

  private receive(raw: unknown): void {
    if (this.destroyed || !isRecord(raw) || raw.v !== VERSION || typeof raw.from !== 'string') return;
    const from = raw.from;
    switch (raw.t) {
      case 'hello':
        this.election.heard(from);
        this.notePeer(from, raw, undefined);
        if (this.role === 'follower') this.checkFed();
        break;
      case 'watch':
        this.notePeer(from, raw, Array.isArray(raw.keys) ? (raw.keys as KeyInterval[]) : []);
        if (this.role === 'leader') this.reconcile(true);
        break;
      case 'bye':
        this.peers.delete(from);
        if (this.role === 'leader') this.reconcile(false);
        this.plan.notifyVisibility();
        break;
      case 'data':
        this.receiveData(raw);
        break;
      case 'answered':
        if (isRecord(raw.ref) && typeof raw.ref.taskId === 'string' && typeof raw.ref.toolCallId === 'string')
          this.host.adoptAnswered(raw.ref as unknown as ToolInputRef);
        break;
    }
  }

  private notePeer(from: string, raw: Record<string, unknown>, keys: readonly KeyInterval[] | undefined): void {
    const before = this.peers.get(from);
    const visible = raw.visible === true;
    const showing = new Set(Array.isArray(raw.showing) ? raw.showing.filter((id): id is string => typeof id === 'string') : []);
    this.peers.set(from, { visible, showing, keys: keys ?? before?.keys ?? [], lastSeen: Date.now() });
    if (before?.visible !== visible) this.plan.notifyVisibility();
  }

  private receiveData(raw: Record<string, unknown>): void {
    if (this.role === 'leader' || !isRecord(raw.key) || typeof raw.at !== 'number') return;
    const key = raw.key as unknown as ResourceKey;
    const error = typeof raw.error === 'string' ? new Error(raw.error) : undefined;
    if (Array.isArray(raw.since) && key.resource === 'status') {
      const [toolCallId, at, fromProxy] = raw.since as unknown[];
      if (typeof toolCallId === 'string' && typeof at === 'number') this.host.waits.adopt(key.taskId, toolCallId, at, fromProxy === true);
    }
    this.host.push(key, raw.at, raw.data, error, true);
  }

  private postData(resource: Resource): void {
    const { data, error, settledAt } = resource.state;
    if (data === undefined && error === undefined) return;
    let since: [string, number, boolean] | undefined;
    if (resource.key.resource === 'status' && isRecord(data) && isRecord(data.toolCall) && typeof data.toolCall.toolCallId === 'string') {
      const { taskId } = resource.key;
      const toolCallId = data.toolCall.toolCallId;
      const at = this.host.waits.get(taskId, toolCallId);
      // Whether it is the proxy's time, which then beats any tab's own.
      if (at !== undefined) since = [toolCallId, at, this.host.waits.isFromProxy(taskId, toolCallId)];
    }
    // An error without data goes as its message: followers show it; the leader does the retrying.
    const message = data === undefined ? { error: error?.message ?? 'Error' } : { data };
    this.post({ t: 'data', key: resource.key, at: settledAt ?? Date.now(), since, ...message });
  }

  // ---- the leader's side -----------------------------------------------------------------------

  /** Watches what the followers watch, at the shortest interval any asks for. */
  private reconcile(sendCurrent: boolean): void {
    const wanted = new Map<string, KeyInterval>();
    for (const peer of this.freshPeers())
      for (const entry of peer.keys) {
        if (!isRecord(entry) || !isRecord(entry.key) || !isTabSharedKind(String(entry.key.resource))) continue;
        const id = resourceKeyId(entry.key);
        const held = wanted.get(id);
        const interval = typeof entry.interval === 'number' ? entry.interval : false;
        if (held === undefined || (interval !== false && (held.interval === false || interval < held.interval)))
          wanted.set(id, { key: entry.key, interval });
      }
    this.remote.set([...wanted.values()].map(({ key, interval }) => ({ key, options: { pollIntervalMs: interval } })));
    if (!sendCurrent) return;
    // A tab that just arrived gets what is known at once, not one interval later.
    for (const resource of this.host.resources()) if (this.remote.has(resource.id)) this.postData(resource);
  }

  // ---- time ------------------------------------------------------------------------------------

  private *freshPeers(): Iterable<Peer> {
    const now = Date.now();
    for (const [id, peer] of this.peers) {
      if (now - peer.lastSeen <= this.timeoutMs * 2) yield peer;
      else this.peers.delete(id);
    }
  }

  private beat(): void {
    this.election.tick();
    const before = this.peers.size;
    if (this.role === 'leader') {
      this.reconcile(false);
      if (this.peers.size !== before) this.plan.notifyVisibility();
    }
    this.announce();
    this.checkFed();
  }

  private checkFed(): void {
    const fed = this.election.fed;
    if (fed === this.wasFed) return;
    this.wasFed = fed;
    this.host.reschedule();
  }

  private onRoleChange(): void {
    if (this.role !== 'leader') this.remote.set([]);
    else this.reconcile(true);
    this.announce();
    this.plan.notifyVisibility();
    this.wasFed = this.election.fed;
    this.host.reschedule();
  }
}

/** Opens the link to the other tabs named `plan.name`; undefined where the browser has no channel. */
export function openCrossTabSync(host: UpdateSourceHost, plan: TabsPlan): CrossTabSync | undefined {
  const environment = plan.options.environment ?? createBrowserTabEnvironment();
  const channel = environment?.channel(`hitl-react:${VERSION}:${plan.name}`);
  return environment === undefined || channel === undefined ? undefined : new CrossTabSync(host, plan, channel, environment);
}
