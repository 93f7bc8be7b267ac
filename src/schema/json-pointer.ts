/** The unescaped reference tokens of a JSON Pointer (RFC 6901): `/fields/0/a~1b` → `['fields', '0', 'a/b']`. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}
