import { countPlural } from './format';

/** "1 field", "3 fields", "1,200 fields": English plurals for the default messages (the locales use `countPlural` with their own forms). */
export function plural(n: number, one: string, many: string): string {
  return countPlural('en', n, { one: `# ${one}`, other: `# ${many}` });
}
