/**
 * Every named export of the packed package tree-shakes: bundled alone from an empty app where the
 * tarball was installed (bench/lib/export-bundles.ts), an export that renders no form ships
 * neither Radix nor the form, and a constant ships little more than itself.
 */
import { bundleEachExport, FORM_EXPORTS, packageExports, type ExportBundle } from '../../bench/lib/export-bundles';
import { consumerApp } from '../../scripts/lib/packed-package';

/** Constants: a few hundred bytes each when the index tree-shakes. */
const PLAIN_DATA = /^[A-Z][A-Z0-9_]+$/;
const PLAIN_DATA_MAX_GZIP = 2048;

describe('each named export of the packed package, bundled alone', () => {
  let bundles: ExportBundle[] = [];
  let names: string[] = [];

  beforeAll(async () => {
    const app = (await consumerApp()).dir;
    names = await packageExports(app);
    bundles = await bundleEachExport(app, names, { brotli: false });
  }, 600_000);

  const describeLeak = (entry: ExportBundle) =>
    `${entry.name}: ${(entry.gzip / 1024).toFixed(1)} KB gzip above React` +
    `${entry.radix.length > 0 ? `, Radix (${entry.radix.join(', ')})` : ''}${entry.form ? ', the form' : ''}`;

  it('covers every runtime export, the form components among them', () => {
    expect(names.length).toBeGreaterThan(40);
    for (const name of FORM_EXPORTS) expect(names).toContain(name);
    expect(bundles.map((entry) => entry.name)).toEqual(names);
  });

  it('keeps Radix and the form out of a page that imports only useRunStatus', () => {
    const entry = bundles.find((candidate) => candidate.name === 'useRunStatus');
    expect(entry, 'useRunStatus is not exported').toBeDefined();
    expect(entry?.radix, describeLeak(entry as ExportBundle)).toEqual([]);
    expect(entry?.form, describeLeak(entry as ExportBundle)).toBe(false);
  });

  it('keeps Radix and the form out of every export that renders no form', () => {
    const leaking = bundles.filter((entry) => !FORM_EXPORTS.has(entry.name) && (entry.radix.length > 0 || entry.form));
    expect(
      leaking.map((entry) => entry.name),
      `These exports bring Radix or the form although they render none:\n${leaking.map(describeLeak).join('\n')}\n` +
        'See bench/README.md, "Why the index did not tree-shake".',
    ).toEqual([]);
  });

  it('ships a constant with little more than itself', () => {
    const heavy = bundles.filter((entry) => PLAIN_DATA.test(entry.name) && entry.gzip > PLAIN_DATA_MAX_GZIP);
    expect(heavy.map(describeLeak), `over ${PLAIN_DATA_MAX_GZIP} bytes gzip alone`).toEqual([]);
  });

  it('recognises the form where it belongs (the check above can see it)', () => {
    for (const entry of bundles.filter((candidate) => FORM_EXPORTS.has(candidate.name))) expect(entry.form, entry.name).toBe(true);
  });
});
