/** Plain-text tables for the terminal. */

export type Cell = string | number;

/** Lines of a table: the first column left-aligned, the others right-aligned. */
export function formatTable(header: readonly Cell[], rows: ReadonlyArray<readonly Cell[]>): string {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(all[0] ?? []), rule, ...all.slice(1).map(line)].join('\n');
}

export function printSection(title: string, body: string): void {
  console.log(`\n${title}\n${'='.repeat(title.length)}\n${body}`);
}
