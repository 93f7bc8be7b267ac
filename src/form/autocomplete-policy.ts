/**
 * Which agent-written `autocomplete` values reach the DOM. The agent may have read a hostile page,
 * so its autofill hints are checked before the browser acts on them.
 */

/**
 * Which agent-given `autocomplete` values reach the DOM.
 * - `'safe'`: all but those in `SENSITIVE_AUTOCOMPLETE_TOKENS`;
 * - `'all'`: every value (trimmed and lower-cased, as browsers read it);
 * - a predicate: receives the value (trimmed, lower case) and returns whether to keep it.
 */
export type AutocompletePolicy = 'safe' | 'all' | ((autocomplete: string) => boolean);

/**
 * Autofill field names `'safe'` refuses, because the browser would fill the person's stored data
 * into a form the agent wrote, one click away from being sent to it:
 * - credentials for *this* app's origin (not the site the agent is on): `username`,
 *   `current-password`, `new-password`, and the `webauthn` token;
 * - payment: every `cc-*` and `transaction-*` name;
 * - postal address: `street-address`, `address-line1`…`3`, `address-level1`…`4`, `postal-code`,
 *   `country`, `country-name`;
 * - identity: `bday`, `bday-day`, `bday-month`, `bday-year`, `sex`.
 * Names, email addresses, phone numbers and `one-time-code` stay allowed: agents legitimately ask
 * for them, and the person sees the value before sending.
 */
export const SENSITIVE_AUTOCOMPLETE_TOKENS: readonly string[] = [
  'username',
  'current-password',
  'new-password',
  'webauthn',
  'cc-name',
  'cc-given-name',
  'cc-additional-name',
  'cc-family-name',
  'cc-number',
  'cc-exp',
  'cc-exp-month',
  'cc-exp-year',
  'cc-csc',
  'cc-type',
  'transaction-currency',
  'transaction-amount',
  'street-address',
  'address-line1',
  'address-line2',
  'address-line3',
  'address-level1',
  'address-level2',
  'address-level3',
  'address-level4',
  'postal-code',
  'country',
  'country-name',
  'bday',
  'bday-day',
  'bday-month',
  'bday-year',
  'sex',
];

const SENSITIVE_PREFIXES = ['cc-', 'transaction-', 'address-line', 'address-level', 'bday'];

function isSensitiveToken(token: string): boolean {
  // Prefixes as well as the list, so future names in the same families are refused too.
  return SENSITIVE_AUTOCOMPLETE_TOKENS.includes(token) || SENSITIVE_PREFIXES.some((prefix) => token.startsWith(prefix));
}

/**
 * The `autocomplete` attribute to render, or undefined for none. A refused value becomes `'off'`,
 * as does a password field without one: without a value the browser would guess from the label and
 * offer this app's own saved credentials. (Browsers may still fill by heuristics; `off` is the
 * strongest signal HTML has.)
 */
export function applyAutocompletePolicy(autocomplete: string | undefined, policy: AutocompletePolicy, kind: string): string | undefined {
  const value = autocomplete?.trim().toLowerCase() ?? '';
  if (value === '') return kind === 'password' ? 'off' : undefined;
  let keep: boolean;
  if (policy === 'all') keep = true;
  else if (policy === 'safe') keep = !value.split(/\s+/).some(isSensitiveToken);
  else keep = policy(value) === true;
  return keep ? value : 'off';
}
