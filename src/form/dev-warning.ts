const warned = new Set<string>();

/** True in a production build: bundlers replace `process.env.NODE_ENV`; without one there is no `process`. */
function isProduction(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}

/**
 * Says once, in development only, what a headless form's caller got wrong: a mistake that would
 * otherwise answer `null` silently.
 */
export function warnOnce(message: string): void {
  if (isProduction() || warned.has(message)) return;
  warned.add(message);
  console.warn(`hitl-react: ${message}`);
}
