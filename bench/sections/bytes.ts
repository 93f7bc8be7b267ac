/**
 * Bytes shipped, from the consumer app (the packed package as a user installs it): every entry of
 * bench/lib/entries.ts bundled for production with React and ReactDOM left out ("above React"),
 * and whole; every named export of `hitl-react` bundled alone (bench/lib/export-bundles.ts). What
 * an `import()` loads is measured apart, as `lazy`. Our entries are also bundled from src/, as the
 * bench did before, to show what that measured instead.
 */
import { bundle, bytesByOrigin, REACT_EXTERNALS, type BundleSize } from '../lib/bundle';
import { entryExternals, entryPath, SIZE_ENTRIES, type EntryId, type SizeEntry } from '../lib/entries';
import { bundleEachExport, FORM_EXPORTS, type ExportBundle } from '../lib/export-bundles';
import { ratio, round } from '../lib/stats';

export interface EntrySize extends BundleSize {
  label: string;
  owner: SizeEntry['owner'];
  /** The whole page with React and ReactDOM bundled in. */
  whole: BundleSize;
  /** What its `import()`s load, only when needed (not in `min`/`gzip`/`brotli`). */
  lazy?: BundleSize & { imports: string[] };
}

export interface BytesResult {
  /** Above React (React and ReactDOM left out), but for `react` itself. */
  entries: Partial<Record<EntryId, EntrySize>>;
  /** Entries that failed to bundle, with the reason. */
  failed: Partial<Record<string, string>>;
  /** Our entries bundled from src/ with React left out, as the bench measured before (gzip etc.). */
  fromSource: Partial<Record<EntryId, BundleSize>>;
  /** Every named export alone, React left out. */
  exports: ExportBundle[];
  /** Gzip ratios, above React. */
  ratios: {
    toolCallFormVsRjsf: number;
    toolCallFormVsJsonForms: number;
    useRunStatusVsSwr: number;
    useRunStatusVsTanstack: number;
    hooksStoreClientVsTanstack: number;
  };
  /** Minified bytes by package (or by folder of hitl-react's dist), for our entries: what the bytes are. */
  byOrigin: Partial<Record<EntryId, Array<{ origin: string; bytes: number }>>>;
}

/** esbuild's first error with its location, else the message's first line. */
function describeFailure(error: unknown): string {
  const first = (error as { errors?: Array<{ text: string; location: { file: string; line: number } | null }> }).errors?.[0];
  if (first) return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text;
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

const size = ({ min, gzip, brotli }: BundleSize): BundleSize => ({ min, gzip, brotli });

export async function runBytes(app: string, log: (line: string) => void): Promise<BytesResult> {
  const entries: BytesResult['entries'] = {};
  const failed: BytesResult['failed'] = {};
  const byOrigin: BytesResult['byOrigin'] = {};
  const fromSource: BytesResult['fromSource'] = {};
  // One at a time: esbuild already uses every core, and parallel builds only add memory.
  for (const entry of SIZE_ENTRIES) {
    try {
      const above = await bundle(entryPath(entry), { app, external: entryExternals(entry) });
      const whole = entry.id === 'react' ? above : await bundle(entryPath(entry), { app });
      entries[entry.id] = {
        label: entry.label,
        owner: entry.owner,
        ...size(above),
        whole: size(whole),
        ...(above.lazy ? { lazy: above.lazy } : {}),
      };
      if (entry.owner === 'ours') {
        byOrigin[entry.id] = bytesByOrigin(above.metafile);
        fromSource[entry.id] = size(await bundle(entryPath(entry), { app, external: REACT_EXTERNALS, fromSource: true }));
      }
    } catch (error) {
      failed[entry.id] = describeFailure(error);
      log(`  bytes: ${entry.file} did not bundle: ${failed[entry.id] ?? ''}`);
    }
  }
  let exports: ExportBundle[] = [];
  try {
    exports = await bundleEachExport(app);
  } catch (error) {
    failed.exports = describeFailure(error);
    log(`  bytes: the exports did not bundle: ${failed.exports ?? ''}`);
  }
  const gzip = (id: EntryId) => entries[id]?.gzip;
  log('  bytes: done');
  return {
    entries,
    failed,
    fromSource,
    exports,
    ratios: {
      toolCallFormVsRjsf: round(ratio(gzip('toolCallForm'), gzip('rjsf'))),
      toolCallFormVsJsonForms: round(ratio(gzip('toolCallForm'), gzip('jsonForms'))),
      useRunStatusVsSwr: round(ratio(gzip('useRunStatus'), gzip('swr'))),
      useRunStatusVsTanstack: round(ratio(gzip('useRunStatus'), gzip('tanstackQuery'))),
      hooksStoreClientVsTanstack: round(ratio(gzip('hooksStoreClient'), gzip('tanstackQuery'))),
    },
    byOrigin,
  };
}

/** Exports that bring Radix or the form although they render no form: each one a tree-shaking failure. */
export function leakingExports(exports: readonly ExportBundle[]): ExportBundle[] {
  return exports.filter((entry) => !FORM_EXPORTS.has(entry.name) && (entry.radix.length > 0 || entry.form));
}
