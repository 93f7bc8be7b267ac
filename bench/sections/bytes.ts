/**
 * Bytes shipped: every entry of bench/lib/entries.ts bundled for production (bench/lib/bundle.ts),
 * minified, gzip and brotli, counting what loads up front (what an `import()` loads is measured
 * apart, as `lazy`). "Above React" subtracts the React + ReactDOM baseline entry, size by size
 * (an approximation for compressed sizes, the same for every library).
 */
import { bundle, bytesByFile, bytesByOrigin, type BundleSize } from '../lib/bundle';
import { entryExternals, entryPath, SIZE_ENTRIES, type EntryId, type SizeEntry } from '../lib/entries';
import { ratio, round } from '../lib/stats';

export interface EntrySize extends BundleSize {
  /** What its `import()`s load, only when needed (not in `min`/`gzip`/`brotli`). */
  lazy?: BundleSize & { imports: string[] };
  label: string;
  kind: SizeEntry['kind'];
  owner: SizeEntry['owner'];
  /** App entries: this entry minus the React + ReactDOM baseline. */
  aboveReact?: BundleSize;
}

export interface BytesResult {
  entries: Partial<Record<EntryId, EntrySize>>;
  /** Entries that failed to bundle, with the reason. */
  failed: Partial<Record<EntryId, string>>;
  /** Gzip ratios; each names its two entries. */
  ratios: {
    toolCallFormVsRjsfAboveReact: number;
    toolCallFormVsJsonFormsAboveReact: number;
    runViewerVsRjsfAboveReact: number;
    useRunStatusVsTanstackAboveReact: number;
    useRunStatusVsSwrAboveReact: number;
    toolCallFormOwnVsRjsfOwn: number;
    useRunStatusOwnVsTanstackOwn: number;
    useRunStatusOwnVsSwrOwn: number;
  };
  /** Minified bytes by package or source folder, for our app entries: what the bytes are. */
  byOrigin: Partial<Record<EntryId, Array<{ origin: string; bytes: number }>>>;
  /** Minified bytes by file, largest 15, for our own-code entries: what to cut first. */
  byFile: Partial<Record<EntryId, Array<{ file: string; bytes: number }>>>;
}

/** esbuild's first error with its location, else the message's first line. */
function describeFailure(error: unknown): string {
  const first = (error as { errors?: Array<{ text: string; location: { file: string; line: number } | null }> }).errors?.[0];
  if (first) return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text;
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

const subtract = (a: BundleSize, b: BundleSize): BundleSize => ({ min: a.min - b.min, gzip: a.gzip - b.gzip, brotli: a.brotli - b.brotli });

export async function runBytes(log: (line: string) => void): Promise<BytesResult> {
  const entries: BytesResult['entries'] = {};
  const failed: BytesResult['failed'] = {};
  const byOrigin: BytesResult['byOrigin'] = {};
  const byFile: BytesResult['byFile'] = {};
  // One at a time: esbuild already uses every core, and parallel builds only add memory.
  for (const entry of SIZE_ENTRIES) {
    try {
      const result = await bundle(entryPath(entry), { external: entryExternals(entry) });
      entries[entry.id] = {
        label: entry.label,
        kind: entry.kind,
        owner: entry.owner,
        min: result.min,
        gzip: result.gzip,
        brotli: result.brotli,
        ...(result.lazy ? { lazy: result.lazy } : {}),
      };
      if (entry.owner === 'ours' && entry.kind === 'app') byOrigin[entry.id] = bytesByOrigin(result.metafile);
      if (entry.owner === 'ours' && entry.kind !== 'app') byFile[entry.id] = bytesByFile(result.metafile).slice(0, 15);
    } catch (error) {
      failed[entry.id] = describeFailure(error);
      log(`  bytes: ${entry.file} did not bundle: ${failed[entry.id] ?? ''}`);
    }
  }
  const react = entries.react;
  if (react) {
    for (const entry of SIZE_ENTRIES) {
      const size = entries[entry.id];
      if (size && entry.kind === 'app' && entry.id !== 'react') size.aboveReact = subtract(size, react);
    }
  }
  const above = (id: EntryId) => entries[id]?.aboveReact?.gzip;
  const own = (id: EntryId) => entries[id]?.gzip;
  log('  bytes: done');
  return {
    entries,
    failed,
    ratios: {
      toolCallFormVsRjsfAboveReact: round(ratio(above('toolCallForm'), above('rjsf'))),
      toolCallFormVsJsonFormsAboveReact: round(ratio(above('toolCallForm'), above('jsonForms'))),
      runViewerVsRjsfAboveReact: round(ratio(above('runViewer'), above('rjsf'))),
      useRunStatusVsTanstackAboveReact: round(ratio(above('useRunStatus'), above('tanstackQuery'))),
      useRunStatusVsSwrAboveReact: round(ratio(above('useRunStatus'), above('swr'))),
      toolCallFormOwnVsRjsfOwn: round(ratio(own('toolCallFormOwn'), own('rjsfOwn'))),
      useRunStatusOwnVsTanstackOwn: round(ratio(own('useRunStatusOwn'), own('tanstackQueryOwn'))),
      useRunStatusOwnVsSwrOwn: round(ratio(own('useRunStatusOwn'), own('swrOwn'))),
    },
    byOrigin,
    byFile,
  };
}
