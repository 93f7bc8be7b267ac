/**
 * What the agent may put into a field's `class` attribute. The agent may have read a hostile page,
 * so its class names never reach the DOM unchecked (they could borrow the host app's styles).
 */

/**
 * How a field's agent-given `className` is applied to the field's wrapper.
 * - `'drop'`: never applied (the agent cannot borrow the host app's styles, e.g. to hide a field);
 * - `'prefix'`: each token, reduced to `[A-Za-z0-9_-]`, becomes `hitl-agent-<token>`;
 * - a function: receives the raw `className` and returns the classes to apply (trusted), or undefined.
 */
export type ClassNamePolicy = 'drop' | 'prefix' | ((className: string) => string | undefined);

/** The class names to put on a field's wrapper under the policy, or undefined for none. */
export function applyClassNamePolicy(className: string | undefined, policy: ClassNamePolicy): string | undefined {
  if (className === undefined || className.trim() === '') return undefined;
  if (policy === 'drop') return undefined;
  if (policy === 'prefix') {
    const tokens = className
      .split(/\s+/)
      .map((token) => token.replace(/[^A-Za-z0-9_-]/g, ''))
      .filter((token) => token !== '')
      .map((token) => `hitl-agent-${token}`);
    return tokens.length === 0 ? undefined : [...new Set(tokens)].join(' ');
  }
  const result = policy(className);
  return typeof result === 'string' && result.trim() !== '' ? result : undefined;
}
