import type { ProxyStore } from '../stores/proxy-store';
import type { ProxyAuditEntry } from '../teams/audit-log';
import type { ProxyIdentity } from '../task-proxy-options';
import type { ControlChange, ControlHolder, ControlTarget } from './control-change';

/** How long an ended holding's release mark, and a holder's last note, are kept: far past any lapse someone could still notice. */
const NOTE_KEEP_MS = 24 * 60 * 60_000;
/** Holdings this instance already saw released (no need to ask the store again); the oldest are forgotten first. */
const MAX_SETTLED = 10_000;

/** What the control of hand-offs needs of the proxy. */
export interface ControlLeaseSettings {
  readonly store: Pick<ProxyStore, 'acquireLease' | 'releaseLease' | 'readLease' | 'claimOnce' | 'keepNote' | 'readNote'>;
  /** How long a take holds without a renewal. */
  readonly ttlMs: number;
  /** Keeps an entry of the audit trail (never rejects). */
  readonly writeAudit: (entry: ProxyAuditEntry) => Promise<void>;
  /** Told of every change of holder, on the instance that made it or first noticed it. */
  readonly onChange?: ((change: ControlChange) => void) | undefined;
  readonly now: () => number;
}

/** The holder as the lease names it: the person, the page's token, and since when. */
interface Holding extends ControlHolder {
  readonly lease: string;
  readonly owner: string;
}

/**
 * What a take came to: control is the caller's (`holder`), someone else holds it (`heldBy`), the
 * lease changed hands meanwhile (`retry`), or `confirm` refused a new holding (`refused`, what it said).
 */
export type TakeOutcome<T> = { readonly holder: ControlHolder } | { readonly heldBy: ControlHolder } | 'retry' | { readonly refused: T };

/** The lease's topic of `target` in `team`: a team's hand-offs never meet another team's. */
export function controlTopic(team: string, target: ControlTarget): string {
  const ids = target.kind === 'call' ? [target.taskId, target.toolCallId] : [target.requestId];
  return `control:${JSON.stringify([team, target.kind, ...ids])}`;
}

// The lease's owner carries who holds it and since when, so any instance reads both from the lease
// itself: a holder whose lease lapsed is nobody, whatever a note still says.
const ownerOf = (user: string, lease: string, since: number) => JSON.stringify([user, lease, since]);

function holdingOf(owner: string | undefined): Holding | undefined {
  if (owner === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(owner);
    if (!Array.isArray(parsed)) return undefined;
    const [user, lease, since] = parsed as unknown[];
    if (typeof user !== 'string' || typeof lease !== 'string' || typeof since !== 'number') return undefined;
    return { user, lease, since, owner };
  } catch {
    return undefined;
  }
}

/** The last holding a take or renewal wrote down, and until when its lease ran then: what a lapse is told from. */
interface HeldNote {
  readonly owner: string;
  readonly until: number;
}

function heldNoteOf(text: string | undefined): HeldNote | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<HeldNote>;
    return typeof parsed.owner === 'string' && typeof parsed.until === 'number' ? { owner: parsed.owner, until: parsed.until } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Control of hand-offs, one person at a time across people, pages and instances: a lease of the
 * `ProxyStore` per team and hand-off, owned by the person and their page's token. Each holding is
 * released once in the audit trail (`accepted`, `lapsed` or `ended`), by whichever instance
 * sees its end first (the store's `claimOnce`). Every method rejects when the store does: nothing
 * is granted then.
 */
export function createControlLeases(settings: ControlLeaseSettings) {
  const { store, ttlMs, now } = settings;
  const settled = new Set<string>();

  const heldName = (topic: string) => `${topic}:held`;
  const keepHeld = (topic: string, holding: Holding) =>
    store.keepNote?.(heldName(topic), JSON.stringify({ owner: holding.owner, until: now() + ttlMs }), NOTE_KEEP_MS);

  function remember(owner: string) {
    settled.add(owner);
    if (settled.size > MAX_SETTLED) settled.delete(settled.values().next().value as string);
  }

  function entry(team: string, target: ControlTarget, user: string, action: 'take_control' | 'release_control'): ProxyAuditEntry {
    return {
      at: new Date(now()).toISOString(),
      user,
      team,
      action,
      ...(target.kind === 'call' ? { taskId: target.taskId, toolCallId: target.toolCallId } : { taskId: '', requestId: target.requestId }),
      status: 200,
      outcome: 'accepted',
    };
  }

  /** Writes the release of `holding` once across instances; false when another instance (or an earlier call) did. */
  async function released(
    team: string,
    target: ControlTarget,
    holding: Holding,
    outcome: 'accepted' | 'lapsed' | 'ended',
    until: number,
  ): Promise<boolean> {
    if (settled.has(holding.owner)) return false;
    const first = await store.claimOnce(`${controlTopic(team, target)}:released\n${holding.owner}`, NOTE_KEEP_MS);
    remember(holding.owner);
    if (!first) return false;
    const durationMs = Math.max(0, Math.round(until - holding.since));
    await settings.writeAudit({ ...entry(team, target, holding.user, 'release_control'), outcome, durationMs });
    return true;
  }

  /** A holding whose lease ran out with nobody told: released as `lapsed` (its end: the lease's last expiry). */
  async function settleLapse(team: string, target: ControlTarget, live: Holding | undefined): Promise<void> {
    if (store.readNote === undefined) return;
    const note = heldNoteOf(await store.readNote(heldName(controlTopic(team, target))));
    if (note === undefined || note.owner === live?.owner || settled.has(note.owner)) return;
    const gone = holdingOf(note.owner);
    if (gone === undefined) return;
    if ((await released(team, target, gone, 'lapsed', Math.min(note.until, now()))) && live === undefined)
      settings.onChange?.({ team, target, holder: null });
  }

  const publicHolder = (holding: Holding | undefined): ControlHolder | null =>
    holding === undefined ? null : { user: holding.user, since: holding.since };

  return {
    ttlMs,

    /** Who holds control of `target` now (nobody once their lease lapsed); notices a lapse on the way. */
    async holder(team: string, target: ControlTarget): Promise<ControlHolder | null> {
      const live = holdingOf(await store.readLease(controlTopic(team, target)));
      await settleLapse(team, target, live);
      return publicHolder(live);
    },

    /**
     * Takes control for (`identity.user`, `lease`), or renews it when they hold it. A new holding is
     * granted only once `confirm` says the hand-off is still open (`true`); what else it says is
     * handed back as `refused`.
     */
    async take<T>(
      identity: ProxyIdentity,
      team: string,
      target: ControlTarget,
      lease: string,
      confirm: () => Promise<true | T>,
    ): Promise<TakeOutcome<T>> {
      const topic = controlTopic(team, target);
      const current = holdingOf(await store.readLease(topic));
      await settleLapse(team, target, current);
      if (current !== undefined) {
        if (current.user !== identity.user || current.lease !== lease) return { heldBy: publicHolder(current)! };
        if ((await store.acquireLease(topic, current.owner, ttlMs)) !== true) {
          const other = holdingOf(await store.readLease(topic));
          return other === undefined ? 'retry' : { heldBy: publicHolder(other)! };
        }
        await keepHeld(topic, current);
        return { holder: publicHolder(current)! };
      }
      const confirmed = await confirm();
      if (confirmed !== true) return { refused: confirmed };
      const mine = { user: identity.user, lease, since: now() };
      const holding: Holding = { ...mine, owner: ownerOf(mine.user, mine.lease, mine.since) };
      if ((await store.acquireLease(topic, holding.owner, ttlMs)) !== true) {
        const other = holdingOf(await store.readLease(topic));
        return other === undefined ? 'retry' : { heldBy: publicHolder(other)! };
      }
      await keepHeld(topic, holding);
      await settings.writeAudit(entry(team, target, identity.user, 'take_control'));
      settings.onChange?.({ team, target, holder: publicHolder(holding) });
      return { holder: publicHolder(holding)! };
    },

    /** Gives control up if (`identity.user`, `lease`) holds it; resolves with whoever holds it afterwards. */
    async release(identity: ProxyIdentity, team: string, target: ControlTarget, lease: string): Promise<ControlHolder | null> {
      const topic = controlTopic(team, target);
      const current = holdingOf(await store.readLease(topic));
      if (current === undefined || current.user !== identity.user || current.lease !== lease) {
        await settleLapse(team, target, current);
        return publicHolder(current);
      }
      await store.releaseLease(topic, current.owner, 0);
      if (await released(team, target, current, 'accepted', now())) settings.onChange?.({ team, target, holder: null });
      return null;
    },

    /** The hand-off ended (answered, its deadline, its run or request ended): whoever held it no longer does. */
    async end(team: string, target: ControlTarget): Promise<void> {
      const topic = controlTopic(team, target);
      const current = holdingOf(await store.readLease(topic));
      if (current === undefined) return settleLapse(team, target, undefined);
      await store.releaseLease(topic, current.owner, 0);
      if (await released(team, target, current, 'ended', now())) settings.onChange?.({ team, target, holder: null });
    },
  };
}

/** The control of hand-offs of one proxy instance. */
export type ControlLeases = ReturnType<typeof createControlLeases>;
