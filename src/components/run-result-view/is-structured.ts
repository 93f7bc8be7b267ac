/** True for values shown as a block of formatted JSON rather than a line of text. */
export function isStructured(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
