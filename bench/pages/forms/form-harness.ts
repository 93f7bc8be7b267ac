/**
 * The page side of the typing benchmark: mounts one library's form and measures keystrokes the
 * same way for every library (see `KeystrokeSamples`).
 */
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { benchFields, middleTextFieldIndex, type BenchField } from '../../fixtures/mixed-form';
import type { FormBenchApi, KeystrokeSamples } from '../protocol';

/** Resolves in the next task, after any task queued before it (React's scheduler posts messages too). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

function controlOf(label: HTMLLabelElement): HTMLElement | null {
  return label.control ?? (label.htmlFor ? document.getElementById(label.htmlFor) : null);
}

function findControl(text: string): HTMLInputElement | HTMLTextAreaElement | null {
  for (const label of document.querySelectorAll('label')) {
    if (label.textContent?.trim() !== text) continue;
    const control = controlOf(label);
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) return control;
  }
  return null;
}

/**
 * `prepare` turns the fields into what the library takes (not timed: a form arrives as data) and
 * returns the element that `mount` and `remount` render.
 */
export function installFormBench(prepare: (fields: BenchField[]) => () => ReactElement): void {
  const samples: KeystrokeSamples = { fromTimeStamp: [], fromListener: [], lost: 0 };
  let pending: { stamp: number; listener: number; before: number } | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let onMeasured: (() => void) | undefined;

  // Capturing listeners on window run before any handler of the page, React's included.
  window.addEventListener(
    'keydown',
    (event) => {
      const target = event.target;
      const before = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.value.length : -1;
      pending = { stamp: event.timeStamp, listener: performance.now(), before };
      inFlight = new Promise<void>((resolve) => {
        onMeasured = resolve;
      });
    },
    true,
  );
  // A bubbling listener on window runs after React's listener on the root, and after the microtask
  // checkpoint that follows each listener, in which React renders and commits a discrete update.
  window.addEventListener('input', (event) => {
    const measured = pending;
    if (!measured) return;
    // Any microtask still queued (a library's own) runs before this one.
    queueMicrotask(() => {
      const end = performance.now();
      pending = undefined;
      samples.fromTimeStamp.push(end - measured.stamp);
      samples.fromListener.push(end - measured.listener);
      const target = event.target;
      const length = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.value.length : -1;
      if (length !== measured.before + 1) samples.lost += 1;
      onMeasured?.();
    });
  });

  let root: Root | undefined;
  let element: (() => ReactElement) | undefined;
  const container = document.getElementById('root') as HTMLElement;

  async function timedMount(render: () => ReactElement): Promise<number> {
    const start = performance.now();
    root = createRoot(container);
    const created = root;
    flushSync(() => created.render(render()));
    // Work effects scheduled (a second render, a portal) runs in tasks queued before these.
    await nextTask();
    await nextTask();
    // Reading a layout property makes the browser compute style and layout now.
    void document.body.offsetHeight;
    return performance.now() - start;
  }

  const api: FormBenchApi = {
    async mount(fieldCount) {
      const fields = benchFields(fieldCount);
      element = prepare(fields);
      const mountMs = await timedMount(element);
      const target = fields[middleTextFieldIndex(fields)] as BenchField;
      let labelledControls = 0;
      for (const label of document.querySelectorAll('label')) if (controlOf(label)) labelledControls += 1;
      return { mountMs, targetLabel: target.label, labelledControls, domElements: container.querySelectorAll('*').length };
    },
    async remount() {
      if (!element) throw new Error('mount() first');
      root?.unmount();
      await nextTask();
      return timedMount(element);
    },
    focus(label) {
      const control = findControl(label);
      if (!control) return false;
      control.focus();
      const end = control.value.length;
      control.setSelectionRange(end, end);
      return document.activeElement === control;
    },
    async settle() {
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000));
      const measured = await Promise.race([inFlight.then(() => true), timeout]);
      if (!measured) {
        // The key changed nothing, or a handler stopped the input event: no sample, counted as lost.
        pending = undefined;
        samples.lost += 1;
      }
      await nextFrame();
      await nextTask();
    },
    take() {
      const taken = { fromTimeStamp: [...samples.fromTimeStamp], fromListener: [...samples.fromListener], lost: samples.lost };
      samples.fromTimeStamp.length = 0;
      samples.fromListener.length = 0;
      samples.lost = 0;
      return taken;
    },
  };
  window.formBench = api;
}
