import type { Random } from './seeded-random';

/** The challenge the live view shows while the agent waits for a person (a step with `challenge`). */
export interface LiveChallenge {
  /** The code the page shows, to be typed back. */
  code: string;
  /** Set once a person ticked the box and typed the code; it stays passed for the rest of the run. */
  solved: boolean;
  /** What the last failed attempt got wrong, shown until the next attempt; `null` before any. */
  mistake: 'unticked' | 'wrong-code' | null;
}

/** What a person sent from the challenge's form. */
export interface ChallengeAttempt {
  ticked: boolean;
  code: string;
}

// Letters and digits a person cannot mistake for one another (no 0/O, 1/I/L).
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

/** A new, unsolved challenge with a code drawn from the simulator's seeded dice. */
export function createChallenge(random: Random): LiveChallenge {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)];
  return { code, solved: false, mistake: null };
}

/**
 * Applies a person's attempt: passed only with the box ticked and the code typed back. Case and
 * spaces around it do not count, as people copy codes loosely; a passed challenge stays passed.
 */
export function attemptChallenge(challenge: LiveChallenge, attempt: ChallengeAttempt): void {
  if (challenge.solved) return;
  if (!attempt.ticked) challenge.mistake = 'unticked';
  else if (attempt.code.trim().toUpperCase() !== challenge.code) challenge.mistake = 'wrong-code';
  else {
    challenge.solved = true;
    challenge.mistake = null;
  }
}
