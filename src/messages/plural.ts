/** "1 field", "3 fields": English plurals for the default messages (other locales bring their own rules). */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
