/**
 * What `npm run bench` bundles to count bytes, and what the CI size budget watches.
 * Files are relative to bench/entries/.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REACT_EXTERNALS } from './bundle';

export const ENTRIES_DIR = fileURLToPath(new URL('../entries/', import.meta.url));

/** React, ReactDOM and Radix: what "own code" leaves out. */
export const OWN_CODE_EXTERNALS = [...REACT_EXTERNALS, '@radix-ui/*'] as const;

export type EntryId =
  | 'react'
  | 'toolCallForm'
  | 'useRunStatus'
  | 'hooksStoreClient'
  | 'runViewer'
  | 'rjsf'
  | 'jsonForms'
  | 'tanstackQuery'
  | 'swr'
  | 'toolCallFormOwn'
  | 'toolCallFormWithRadix'
  | 'hooksStoreOwn'
  | 'useRunStatusOwn'
  | 'runViewerOwn'
  | 'rjsfOwn'
  | 'jsonFormsOwn'
  | 'tanstackQueryOwn'
  | 'swrOwn';

export interface SizeEntry {
  id: EntryId;
  /** What the row is called in the table. */
  label: string;
  /** Relative to bench/entries/. */
  file: string;
  /**
   * `app`: renders the thing, React and ReactDOM bundled in. `own`: exports it, React, ReactDOM
   * and Radix left out. `deps`: exports it, only React and ReactDOM left out.
   */
  kind: 'app' | 'own' | 'deps';
  /** Whose code it is. */
  owner: 'react' | 'ours' | 'peer';
}

export const SIZE_ENTRIES: readonly SizeEntry[] = [
  { id: 'react', label: 'React + ReactDOM (renders one element)', file: 'react-baseline.tsx', kind: 'app', owner: 'react' },
  { id: 'toolCallForm', label: 'ToolCallForm', file: 'tool-call-form.tsx', kind: 'app', owner: 'ours' },
  { id: 'useRunStatus', label: 'useRunStatus + store', file: 'hooks-store.tsx', kind: 'app', owner: 'ours' },
  {
    id: 'hooksStoreClient',
    label: 'client + provider + status/result/tool-input hooks',
    file: 'hooks-store-client.tsx',
    kind: 'app',
    owner: 'ours',
  },
  { id: 'runViewer', label: 'RunViewer (everything)', file: 'run-viewer.tsx', kind: 'app', owner: 'ours' },
  { id: 'rjsf', label: '@rjsf/core + validator-ajv8', file: 'rjsf.tsx', kind: 'app', owner: 'peer' },
  { id: 'jsonForms', label: '@jsonforms/react + vanilla', file: 'jsonforms.tsx', kind: 'app', owner: 'peer' },
  { id: 'tanstackQuery', label: '@tanstack/react-query (useQuery)', file: 'tanstack-query.tsx', kind: 'app', owner: 'peer' },
  { id: 'swr', label: 'swr (useSWR)', file: 'swr.tsx', kind: 'app', owner: 'peer' },
  { id: 'toolCallFormOwn', label: 'ToolCallForm', file: 'own/tool-call-form.ts', kind: 'own', owner: 'ours' },
  { id: 'toolCallFormWithRadix', label: 'ToolCallForm with Radix', file: 'own/tool-call-form.ts', kind: 'deps', owner: 'ours' },
  { id: 'hooksStoreOwn', label: 'every hook + store + provider', file: 'own/hooks-store.ts', kind: 'own', owner: 'ours' },
  { id: 'useRunStatusOwn', label: 'useRunStatus + store', file: 'own/use-run-status.ts', kind: 'own', owner: 'ours' },
  { id: 'runViewerOwn', label: 'RunViewer (everything)', file: 'own/run-viewer.ts', kind: 'own', owner: 'ours' },
  { id: 'rjsfOwn', label: '@rjsf/core + validator-ajv8', file: 'own/rjsf.ts', kind: 'own', owner: 'peer' },
  { id: 'jsonFormsOwn', label: '@jsonforms/react + vanilla', file: 'own/jsonforms.ts', kind: 'own', owner: 'peer' },
  { id: 'tanstackQueryOwn', label: '@tanstack/react-query (useQuery)', file: 'own/tanstack-query.ts', kind: 'own', owner: 'peer' },
  { id: 'swrOwn', label: 'swr (useSWR)', file: 'own/swr.ts', kind: 'own', owner: 'peer' },
];

export function entryPath(entry: SizeEntry): string {
  return resolve(ENTRIES_DIR, entry.file);
}

export function entryExternals(entry: SizeEntry): readonly string[] {
  if (entry.kind === 'own') return OWN_CODE_EXTERNALS;
  if (entry.kind === 'deps') return REACT_EXTERNALS;
  return [];
}
