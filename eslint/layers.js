/**
 * The layer table of `src/` (ARCHITECTURE.md shows the same table; a test keeps the two equal).
 * Each layer may import only the layers listed under `uses`; everything else is an arrow the
 * wrong way. Folders not listed belong to the layer of their nearest listed parent.
 */
export const LAYERS = [
  { name: 'utils', folder: 'src/utils', uses: [], react: false },
  { name: 'utils/react', folder: 'src/utils/react', uses: ['utils'], react: true },
  { name: 'client', folder: 'src/client', uses: ['utils'], react: false },
  { name: 'schema', folder: 'src/schema', uses: ['client', 'utils'], react: false },
  { name: 'messages', folder: 'src/messages', uses: ['schema', 'client', 'utils'], react: false },
  { name: 'request', folder: 'src/request', uses: ['schema', 'client', 'utils'], react: false },
  { name: 'form', folder: 'src/form', uses: ['messages', 'schema', 'client', 'utils'], react: false },
  { name: 'store', folder: 'src/store', uses: ['request', 'schema', 'client', 'utils'], react: false },
  { name: 'context', folder: 'src/context', uses: ['store', 'messages', 'client', 'utils', 'utils/react'], react: true },
  {
    name: 'hooks',
    folder: 'src/hooks',
    uses: ['context', 'store', 'form', 'request', 'messages', 'schema', 'client', 'utils', 'utils/react'],
    react: true,
  },
  {
    name: 'components',
    folder: 'src/components',
    uses: ['hooks', 'context', 'store', 'form', 'request', 'messages', 'schema', 'client', 'utils', 'utils/react'],
    react: true,
  },
  { name: 'node', folder: 'src/node', uses: ['client', 'utils'], react: false },
  { name: 'server', folder: 'src/server', uses: ['node', 'request', 'form', 'messages', 'client', 'schema', 'utils'], react: false },
  { name: 'testing', folder: 'src/testing', uses: ['node', 'client', 'schema', 'utils'], react: false },
  { name: 'adapters', folder: 'src/adapters', uses: ['request', 'schema', 'client', 'utils'], react: false },
  { name: 'service-worker', folder: 'src/service-worker', uses: ['utils'], react: false },
];

/** The package's entry files: they only gather what the layers export. */
export const ENTRIES = [
  { file: 'src/index.ts', uses: ['components', 'hooks', 'context', 'store', 'form', 'request', 'messages', 'schema', 'client'] },
  { file: 'src/store-entry.ts', uses: ['store', 'client'] },
];
