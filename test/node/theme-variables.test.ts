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
