/**
 * The documentation site is the Storybook: each guide under stories/guides/ must be indexed (its
 * MDX compiles and has a title), embed at least one story that exists, and link only to pages
 * that exist; the README's map of the guides must point at them too. The index is built the way
 * `storybook build` builds it (a few seconds, no browser, no bundle).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { sanitize, storyNameFromExport } from 'storybook/internal/csf';
import { buildIndex } from 'storybook/internal/core-server';

const root = resolve(import.meta.dirname, '../..');
const GUIDES = join(root, 'stories/guides');
/** Where the built catalogue is published; the README (shipped in the tarball) links there. */
const DOCS_SITE = 'https://hitl-react.github.io/hitl-react/';

interface IndexEntry {
  id: string;
  type: 'docs' | 'story';
  importPath: string;
}

const guides = readdirSync(GUIDES)
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => ({ file: join(GUIDES, name), importPath: `./${relative(root, join(GUIDES, name))}` }));
const read = (file: string) => readFileSync(file, 'utf8');

/** `?path=/docs/<id>` and `?path=/story/<id>` targets in a text, with or without the site's address. */
function catalogueLinks(text: string): string[] {
  return [...text.matchAll(/\?path=\/(?:docs|story)\/([a-z0-9-]+)/g)].map((match) => match[1] as string);
}

/** Relative Markdown link targets (`./x.mdx`, `../README.md`), anchors dropped. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\]\((\.{1,2}\/[^)\s#]+)(?:#[^)]*)?\)/g)].map((match) => match[1] as string);
}

/** The stories a guide embeds, `<Canvas of={Stories.Export} />`, as the module they come from and the export. */
function embeddedStories(file: string): { module: string; exportName: string }[] {
  const text = read(file);
  const modules = new Map(
    [...text.matchAll(/import \* as (\w+) from '([^']+)';/g)].map((match) => [match[1] as string, match[2] as string]),
  );
  return [...text.matchAll(/<Canvas\s+of=\{(\w+)\.(\w+)\}/g)].map((match) => {
    const specifier = modules.get(match[1] as string);
    const path = specifier === undefined ? '' : resolve(dirname(file), specifier);
    const module =
      ['.tsx', '.ts'].map((extension) => path + extension).find((candidate) => existsSync(candidate)) ?? `${specifier} (missing)`;
    return { module: `./${relative(root, module)}`, exportName: match[2] as string };
  });
}

describe('the documentation site (stories/guides)', () => {
  let entries: IndexEntry[] = [];
  const ids = () => new Set(entries.map((entry) => entry.id));

  beforeAll(async () => {
    const index = await buildIndex({ configDir: join(root, '.storybook') });
    entries = Object.values(index.entries);
  }, 120_000);

  it('has the guides a newcomer looks for', () => {
    expect(guides.length).toBeGreaterThanOrEqual(10);
  });

  it('indexes every guide as a docs page', () => {
    const docs = new Set(entries.filter((entry) => entry.type === 'docs').map((entry) => entry.importPath));
    expect(guides.filter((guide) => !docs.has(guide.importPath)).map((guide) => guide.importPath)).toEqual([]);
  });

  it('shows at least one live story in every guide, each of them a story that exists', () => {
    for (const guide of guides) {
      const embedded = embeddedStories(guide.file);
      expect(embedded.length, `${guide.importPath} embeds no story`).toBeGreaterThan(0);
      for (const { module, exportName } of embedded) {
        const id = entries.find(
          (entry) =>
            entry.type === 'story' && entry.importPath === module && entry.id.endsWith(`--${sanitize(storyNameFromExport(exportName))}`),
        );
        expect(id, `${guide.importPath}: ${module} has no story ${exportName}`).toBeDefined();
      }
    }
  });

  it('links only to pages and files that exist', () => {
    const known = ids();
    const broken = guides.flatMap((guide) => {
      const text = read(guide.file);
      return [
        ...catalogueLinks(text)
          .filter((id) => !known.has(id))
          .map((id) => `${guide.importPath} → ?path=…/${id}`),
        ...relativeLinks(text)
          .filter((target) => !existsSync(resolve(dirname(guide.file), target)))
          .map((target) => `${guide.importPath} → ${target}`),
      ];
    });
    expect(broken).toEqual([]);
  });

  it('is mapped in the README, every guide, by links to the published site that resolve', () => {
    const readme = read(join(root, 'README.md'));
    const linked = [...readme.matchAll(/https:\/\/hitl-react\.github\.io\/hitl-react\/\?path=\/docs\/([a-z0-9-]+)/g)].map(
      (match) => match[1],
    );
    const known = ids();
    expect(linked.filter((id) => !known.has(id as string))).toEqual([]);
    const guideIds = entries.filter((entry) => guides.some((guide) => guide.importPath === entry.importPath)).map((entry) => entry.id);
    expect(guideIds.filter((id) => !linked.includes(id))).toEqual([]);
    expect((JSON.parse(read(join(root, 'package.json'))) as { homepage?: string }).homepage).toBe(DOCS_SITE);
  });

  it('finds a broken link (the check above can fail)', () => {
    expect(catalogueLinks('[x](?path=/docs/guides-nowhere--docs) [y](https://a.b/?path=/story/a--b)')).toEqual([
      'guides-nowhere--docs',
      'a--b',
    ]);
    expect(relativeLinks('[a](./missing.mdx#top) [b](https://x.y/z) `[c](./code.md)`')).toEqual(['./missing.mdx', './code.md']);
  });
});
