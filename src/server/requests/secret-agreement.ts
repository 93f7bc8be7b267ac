import { createHmacSha256 } from '../hmac';
import type { TaskProxyLogger } from '../logger';
import type { RequestStore } from '../stores/request-store';

/** How long the secret's fingerprint is kept after the last instance that has it beat: a new secret for every instance takes over after it. */
const SECRET_AGREEMENT_MS = 30_000;

/** What the store keeps of the secret to compare instances: a keyed digest of a constant, which gives nothing of the secret away. */
const secretFingerprint = (secret: string) => createHmacSha256(secret)('hitl-react proxy secret fingerprint v1');

const MISMATCH =
  "createTaskProxy's secret differs from the one the other instances on this store use: give every instance the same secret (at least 32 characters; without secret, the same apiKey)";

/**
 * Every instance must seal and open answers under one secret: an instance whose secret differs
 * from the one the others hold (kept while any of them beats) refuses to serve the requests and
 * says so once, rather than taking answers nobody else can open. Checked with each heartbeat, so
 * an instance recovers once the others are gone.
 */
export function createSecretAgreement(store: RequestStore, readSecret: () => string | undefined, logger: TaskProxyLogger) {
  let mismatch: string | undefined;
  return {
    async check(): Promise<void> {
      const secret = readSecret();
      if (store.agreeOn === undefined || secret === undefined) return;
      const mine = secretFingerprint(secret);
      const found = (await store.agreeOn('secret', mine, SECRET_AGREEMENT_MS)) === mine ? undefined : MISMATCH;
      if (found !== undefined && mismatch === undefined) logger.error(found);
      mismatch = found;
    },
    /** Why this instance refuses the requests, or undefined. */
    mismatch: (): string | undefined => mismatch,
  };
}
