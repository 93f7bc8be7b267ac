/** A value from the service or the agent as display text: `null`/`undefined` empty, others through `String`. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}
