/**
 * What a user gets from the registry beside the code: the licence, where the project lives, and a
 * README whose links work from the tarball (on npm's page and in node_modules alike).
 */
import { posix } from 'node:path';
import { packedTarball, run } from '../../scripts/lib/packed-package';

/** Relative targets of Markdown links and HTML `href`/`src` attributes; absolute URLs and anchors aside. */
export function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] as string),
    ...[...withoutCode.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((match) => match[1] as string),
  ];
  return targets.filter((target) => !/^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target));
}

describe('the packed tarball', () => {
  let files: string[] = [];
  let manifest: Record<string, unknown> = {};
  let readme = '';
  let licence = '';

  beforeAll(async () => {
    // The tarball the other package tests use (cached per source state): no second build.
    const { tarball } = await packedTarball();
    const listing = await run('tar', ['-tzf', tarball], process.cwd());
    files = listing.stdout
      .split('\n')
      .filter((line) => line.startsWith('package/') && !line.endsWith('/'))
      .map((line) => line.slice('package/'.length));
    const extract = async (file: string) => (await run('tar', ['-xzOf', tarball, `package/${file}`], process.cwd())).stdout;
    manifest = JSON.parse(await extract('package.json')) as Record<string, unknown>;
    readme = await extract('README.md');
    licence = files.includes('LICENSE') ? await extract('LICENSE') : '';
  }, 600_000);

  it('ships the MIT licence', () => {
    expect(files).toContain('LICENSE');
    expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) 2026 hitl-react contributors\n/);
  });

  it('says where the code, the documentation and the issues live', () => {
    expect(manifest.repository).toEqual({ type: 'git', url: 'git+https://github.com/hitl-react/hitl-react.git' });
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs).toEqual({ url: 'https://github.com/hitl-react/hitl-react/issues' });
  });

  it('has no README link to a file the tarball does not hold', () => {
    const missing = relativeLinks(readme).filter((target) => {
      const path = posix.normalize(decodeURI(target.split('#')[0] as string).replace(/\/$/, ''));
      return path !== '.' && !files.some((file) => file === path || file.startsWith(`${path}/`));
    });
    expect(missing).toEqual([]);
  });
});

describe('relativeLinks', () => {
  it('finds the links a README can break and leaves the rest', () => {
    const text = [
      'See [the guide](examples/README.md#setup) and <a href="./docs/x.md">x</a>.',
      '[site](https://example.com) [anchor](#security) [mail](mailto:a@b.c)',
      '```md\n[in code](not/a/link.md)\n```',
    ].join('\n');
    expect(relativeLinks(text)).toEqual(['examples/README.md#setup', './docs/x.md']);
  });
});
