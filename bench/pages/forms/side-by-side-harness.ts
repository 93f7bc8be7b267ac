/**
 * The page side of the side-by-side forms measure: several forms in one page load, each mounted
 * into a container of its own and typed into in turn (see `SideBySideApi` in bench/pages/protocol.ts).
 * Where the forms share a page they share its JIT, its garbage collector and its moments of load,
 * which separate page loads do not.
 */
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { benchFields, type BenchField } from '../../fixtures/mixed-form';
import type { SideBySideApi, SideBySideCase } from '../protocol';
import { nextTask } from './form-harness';

/** Fields of the unrecorded forms mounted and typed into first, so no form pays for code the page runs for the first time. */
const WARM_UP_FIELDS = 20;

interface Mounted {
  root: Root;
  container: HTMLElement;
  input: HTMLInputElement;
}

function mount(make: () => ReactElement, host: HTMLElement): { mounted: Mounted; mountMs: number } {
  const container = document.createElement('div');
  host.append(container);
  const start = performance.now();
  const root = createRoot(container);
  flushSync(() => root.render(make()));
  const mountMs = performance.now() - start;
  // The first text field in document order, as a user's script would find it.
  const input = [...container.querySelectorAll('input')].find((candidate) => candidate.type === 'text');
  if (!input) throw new Error('the form has no text input');
  return { mounted: { root, container, input }, mountMs };
}

/**
 * One keystroke: the value set through the prototype's setter (what the browser does; React's
 * value tracker then sees a change), `input` dispatched, the next task awaited. Returns the time
 * and whether the value stuck.
 */
async function keystroke(input: HTMLInputElement): Promise<{ ms: number; kept: boolean }> {
  const value = `${input.value}a`;
  const start = performance.now();
  Reflect.set(HTMLInputElement.prototype, 'value', value, input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await nextTask();
  return { ms: performance.now() - start, kept: input.value === value };
}

/** `forms`: by case id, what turns the fields into the element to mount (not timed: a form arrives as data). */
export function installSideBySideBench(forms: Record<string, (fields: BenchField[]) => () => ReactElement>): void {
  const host = document.getElementById('root') as HTMLElement;
  const api: SideBySideApi = {
    async run({ fieldCount, order, warmups, keystrokes }) {
      const makers = order.map((id) => {
        const form = forms[id];
        if (!form) throw new Error(`no form "${id}" on this page`);
        return form;
      });
      for (const form of makers) {
        const { mounted } = mount(form(benchFields(WARM_UP_FIELDS)), host);
        for (let index = 0; index < warmups; index++) await keystroke(mounted.input);
        mounted.root.unmount();
        mounted.container.remove();
      }
      await nextTask();
      const fields = benchFields(fieldCount);
      const cases: Array<SideBySideCase & { mounted: Mounted }> = [];
      for (const form of makers) {
        const element = form(fields);
        const { mounted, mountMs } = mount(element, host);
        cases.push({ mounted, mountMs, samples: [], lost: 0, domElements: mounted.container.querySelectorAll('*').length });
        // Each mount in a task of its own, as a page mounts one form at a time.
        await nextTask();
      }
      // Keystrokes interleaved, one form after the other, so a moment of load on the machine falls on all of them.
      for (let index = 0; index < warmups + keystrokes; index++) {
        for (const entry of cases) {
          const { ms, kept } = await keystroke(entry.mounted.input);
          if (index < warmups) continue;
          entry.samples.push(ms);
          if (!kept) entry.lost += 1;
        }
      }
      const results: Record<string, SideBySideCase> = {};
      cases.forEach(({ mounted, ...result }, position) => {
        results[order[position] as string] = result;
        mounted.root.unmount();
      });
      return results;
    },
  };
  window.sideBySideBench = api;
}
