/**
 * What `npm run bench` bundles to count bytes, and what the CI size budget watches: pages of a
 * user's app, bundled from the consumer app (bench/lib/bundle.ts). Files are relative to
 * bench/entries/.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REACT_EXTERNALS } from './bundle';

export const ENTRIES_DIR = fileURLToPath(new URL('../entries/', import.meta.url));

export type EntryId =
  | 'react'
  | 'useRunStatus'
  | 'hooksStoreClient'
  | 'toolCallForm'
  | 'humanRequestPrompt'
  | 'runViewer'
  | LocaleEntryId
  | 'rjsf'
  | 'jsonForms'
  | 'tanstackQuery'
  | 'swr';

/** A page that imports one `hitl-react/locales/<tag>` entry and nothing else: what a language adds. */
export type LocaleEntryId = 'localeEn' | 'localeDe' | 'localeFr' | 'localeEs' | 'localeJa';

export const LOCALE_ENTRY_IDS: readonly LocaleEntryId[] = ['localeEn', 'localeDe', 'localeFr', 'localeEs', 'localeJa'];

export interface SizeEntry {
  id: EntryId;
  /** What the row is called in the table. */
  label: string;
  /** Relative to bench/entries/. */
  file: string;
  /** Whose code it is. */
  owner: 'react' | 'ours' | 'peer';
}

export const SIZE_ENTRIES: readonly SizeEntry[] = [
  { id: 'react', label: 'React + ReactDOM (renders one element)', file: 'react-baseline.tsx', owner: 'react' },
  { id: 'useRunStatus', label: 'useRunStatus only', file: 'use-run-status.tsx', owner: 'ours' },
  {
    id: 'hooksStoreClient',
    label: 'hooks + store + client (createTaskClient, provider, status/result/tool-input hooks)',
    file: 'hooks-store-client.tsx',
    owner: 'ours',
  },
  { id: 'toolCallForm', label: 'ToolCallForm', file: 'tool-call-form.tsx', owner: 'ours' },
  { id: 'humanRequestPrompt', label: 'HumanRequestPrompt with hitl-react/mcp', file: 'human-request-prompt.tsx', owner: 'ours' },
  { id: 'runViewer', label: 'RunViewer (everything)', file: 'run-viewer.tsx', owner: 'ours' },
  ...LOCALE_ENTRY_IDS.map((id): SizeEntry => {
    const tag = id.slice('locale'.length).toLowerCase();
    return { id, label: `hitl-react/locales/${tag} alone`, file: `locale-${tag}.ts`, owner: 'ours' };
  }),
  { id: 'rjsf', label: '@rjsf/core + validator-ajv8', file: 'rjsf.tsx', owner: 'peer' },
  { id: 'jsonForms', label: '@jsonforms/react + vanilla', file: 'jsonforms.tsx', owner: 'peer' },
  { id: 'tanstackQuery', label: '@tanstack/react-query (useQuery)', file: 'tanstack-query.tsx', owner: 'peer' },
  { id: 'swr', label: 'swr (useSWR)', file: 'swr.tsx', owner: 'peer' },
];

export function entryPath(entry: SizeEntry): string {
  return resolve(ENTRIES_DIR, entry.file);
}

/**
 * "Above React": React and ReactDOM left out of the bundle, so its bytes are exactly what the
 * page adds to them (the React entry itself is bundled whole).
 */
export function entryExternals(entry: SizeEntry): readonly string[] {
  return entry.id === 'react' ? [] : REACT_EXTERNALS;
}

export function sizeEntry(id: string): SizeEntry {
  const entry = SIZE_ENTRIES.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Error(`no bench entry "${id}" in bench/lib/entries.ts`);
  return entry;
}
