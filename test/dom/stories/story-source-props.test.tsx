import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { isValidElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';

/**
 * The docs' source snippet of a story is printed from the element its `render` returns, every
 * prop in full (Storybook's `react-element-to-jsx-string` walks each object prop's keys). A prop
 * holding the story context, a simulator, a store or a DOM node makes it walk the page's DOM and
 * React's fibers: the tab freezes a few seconds after the story shows. So every prop of that
 * element (and of the elements inside it) must be a plain value: primitives, functions, elements,
 * arrays and plain objects, without cycles.
 */

const storiesRoot = resolve(import.meta.dirname, '../../../stories');

function storyFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return storyFiles(path);
    return entry.name.endsWith('.stories.tsx') ? [path] : [];
  });
}

type Loader = (context: unknown) => unknown;

interface StoryLike {
  args?: Record<string, unknown>;
  loaders?: Loader | Loader[];
  render?: (args: Record<string, unknown>, context: unknown) => ReactNode;
}

interface MetaLike extends StoryLike {
  title?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function loadersOf(annotations: StoryLike | undefined): Loader[] {
  const loaders = annotations?.loaders;
  if (loaders === undefined) return [];
  return Array.isArray(loaders) ? loaders : [loaders];
}

/** Where `value` is not plain, as a path (`props.context.canvasElement`), or undefined. */
function notPlain(value: unknown, path: string, ancestors: Set<object>): string | undefined {
  if (!isObject(value)) return undefined;
  if (ancestors.has(value)) return `${path} (cycle)`;
  if (isValidElement(value)) return propsNotPlain(value.props, path, ancestors);
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null && !(value instanceof Date)) {
    return `${path} (${value.constructor.name})`;
  }
  ancestors.add(value);
  try {
    for (const [key, inner] of Object.entries(value)) {
      const found = notPlain(inner, `${path}.${key}`, ancestors);
      if (found !== undefined) return found;
    }
    return undefined;
  } finally {
    ancestors.delete(value);
  }
}

function propsNotPlain(props: unknown, path: string, ancestors: Set<object>): string | undefined {
  if (!isObject(props)) return undefined;
  for (const [key, value] of Object.entries(props)) {
    const found = notPlain(value, `${path}.${key}`, ancestors);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The element `story.render` returns, rendered inside a component so a render that uses hooks works. */
function renderedElement(story: StoryLike, args: Record<string, unknown>, context: unknown): ReactNode {
  let element: ReactNode = null;
  function Capture() {
    element = story.render?.(args, context);
    return null;
  }
  render(<Capture />).unmount();
  return element;
}

const files = storyFiles(storiesRoot);

it('finds the catalogue', () => {
  expect(files.length).toBeGreaterThan(10);
});

describe.each(files.map((file) => [relative(storiesRoot, file), file]))('%s', (_name, file) => {
  it('passes only plain values as props in what each story renders', async () => {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const meta = module.default as MetaLike | undefined;
    const stories = Object.entries(module).filter((entry): entry is [string, StoryLike] => entry[0] !== 'default' && isObject(entry[1]));
    const problems: string[] = [];
    for (const [name, story] of stories) {
      const args = { ...meta?.args, ...story.args };
      const canvasElement = document.createElement('div');
      document.body.append(canvasElement);
      const context: Record<string, unknown> = { args, canvasElement, parameters: {}, loaded: {}, name, title: meta?.title };
      // A real story context refers to itself through its parts; so does this one.
      context.context = context;
      const loaded: Record<string, unknown> = {};
      for (const loader of [...loadersOf(meta), ...loadersOf(story)]) {
        const result = await loader(context);
        if (isObject(result)) Object.assign(loaded, result);
      }
      context.loaded = loaded;
      try {
        // A story without `render` prints `<Component {...args} />`: its args are the props.
        const element =
          story.render === undefined && meta?.render === undefined ? null : renderedElement({ ...meta, ...story }, args, context);
        const found =
          story.render === undefined && meta?.render === undefined
            ? propsNotPlain(args, 'args', new Set())
            : notPlain(element, 'render()', new Set());
        if (found !== undefined) problems.push(`${name}: ${found}`);
      } finally {
        const simulator = loaded.simulator;
        if (isObject(simulator) && isObject(simulator.store) && typeof simulator.store.destroy === 'function') {
          (simulator.store.destroy as () => void)();
        }
        canvasElement.remove();
      }
    }
    expect(problems).toEqual([]);
  });
});
