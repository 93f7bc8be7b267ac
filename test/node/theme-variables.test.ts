import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { THEME_VARIABLE_NAMES } from '../../src/components/shared/theme-variable-names';

const root = resolve(import.meta.dirname, '../..');

/** src/styles.css with its `@import`s, as the published stylesheet is. */
function stylesheet(file = join(root, 'src/styles.css')): string {
  return readFileSync(file, 'utf8').replace(/@import\s+'([^']+)';/g, (_, path: string) => stylesheet(join(dirname(file), path)));
}

const names = (text: string) => [...new Set(text.match(/--hitl-[a-z0-9-]+/g))].sort();

describe('the theme variables', () => {
  it('are the ones the stylesheet reads, so a portalled select list copies every one of them', () => {
    expect([...THEME_VARIABLE_NAMES].sort()).toEqual(names(stylesheet()));
  });

  it('are all listed in the styling guide, and nothing else is', () => {
    const guide = readFileSync(join(root, 'stories/guides/styling.mdx'), 'utf8');
    const list = /\{\/\* theme-variables:start \*\/\}([\s\S]*?)\{\/\* theme-variables:end \*\/\}/.exec(guide)?.[1];
    expect(list).toBeDefined();
    expect(names(list ?? '')).toEqual(names(stylesheet()));
  });
});

/** The declarations of the first rule whose selector is exactly `selector`, as `name → value`. */
function declarations(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start === -1) throw new Error(`no rule ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const withoutComments = body.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map(
    withoutComments
      .split(';')
      .map((declaration) => declaration.trim())
      .filter((declaration) => declaration !== '')
      .map((declaration) => {
        const colon = declaration.indexOf(':');
        return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()] as [string, string];
      }),
  );
}

describe('the type scale', () => {
  it('follows the size the app gives a component: no font size in px or rem, the base 1em', () => {
    const css = stylesheet();
    expect(declarations(css, ':where(:root)').get('--hitl-font-size')).toBe('1em');
    const sizes = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/font-size:\s*([^;]+);/g)].map((match) => match[1] ?? '');
    expect(sizes.length).toBeGreaterThan(5);
    expect(sizes.filter((size) => /\d(px|rem)\b/.test(size))).toEqual([]);
  });
});

describe('the built-in dark theme', () => {
  const css = stylesheet();
  const dark = declarations(css, ":where([data-hitl-theme='dark'])");
  const colours = [...declarations(css, ':where(:root)').keys()].filter((name) => name.startsWith('--hitl-color-'));

  it('sets every colour of the light defaults, and the dark colour scheme', () => {
    expect(colours.length).toBeGreaterThan(10);
    for (const name of colours) expect(dark.get(name), name).toBeDefined();
    expect(dark.get('--hitl-color-scheme')).toBe('dark');
  });

  it('is the same palette with data-hitl-theme="auto" while the system prefers dark', () => {
    const media = css.indexOf('@media (prefers-color-scheme: dark)');
    expect(media).toBeGreaterThan(-1);
    const auto = declarations(css.slice(media), ":where([data-hitl-theme='auto'])");
    expect([...auto]).toEqual([...dark]);
    // Outside that media query "auto" sets nothing: the light defaults stay.
    expect(css.indexOf(":where([data-hitl-theme='auto'])")).toBeGreaterThan(media);
  });
});
