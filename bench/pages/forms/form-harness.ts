/**
 * The page side of the forms benchmark: mounts one library's form and types into it the same way
 * for every library (see `MountResult`, `TypingSamples` in bench/pages/protocol.ts).
 */
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { benchFields, middleTextFieldIndex, type BenchField } from '../../fixtures/mixed-form';
import type { FormBenchApi, KeyTimingSamples } from '../protocol';

/** Resolves in the next task, after any task queued before it (React's scheduler posts messages too). */
export function nextTask(): Promise<void> {
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
 * What the browser does when a user types: the prototype's setter (React's value tracker wraps
 * the element's own `value`, and a value set through it would not count as a change).
 */
function setInputValue(input: HTMLInputElement, value: string): void {
  Reflect.set(HTMLInputElement.prototype, 'value', value, input);
}

/**
 * `prepare` turns the fields into what the library takes (not timed: a form arrives as data) and
 * returns the element that `mount` renders.
 */
export function installFormBench(prepare: (fields: BenchField[]) => () => ReactElement): void {
  const container = document.getElementById('root') as HTMLElement;
  const keys: KeyTimingSamples = { fromTimeStamp: [], lost: 0 };
  let pending: { stamp: number; before: number } | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let onMeasured: (() => void) | undefined;
  let timingKeys = false;

  const api: FormBenchApi = {
    async mount({ fieldCount, mix, until }) {
      const fields = benchFields(fieldCount, mix);
      const element = prepare(fields);
      const start = performance.now();
      const root = createRoot(container);
      flushSync(() => root.render(element()));
      if (until === 'settled') {
        // Work effects scheduled (a second render, a portal) runs in tasks queued before these.
        await nextTask();
        await nextTask();
        // Reading a layout property makes the browser compute style and layout now.
        void document.body.offsetHeight;
      }
      const mountMs = performance.now() - start;
      const firstText = fields.find((field) => field.kind === 'text') as BenchField;
      const middleText = fields[middleTextFieldIndex(fields)] as BenchField;
      let labelledControls = 0;
      for (const label of document.querySelectorAll('label')) if (controlOf(label)) labelledControls += 1;
      return {
        mountMs,
        firstTextLabel: firstText.label,
        middleTextLabel: middleText.label,
        labelledControls,
        domElements: container.querySelectorAll('*').length,
      };
    },

    async type({ warmups, keystrokes }) {
      // The first text input in document order, as a user's script would find it.
      const input = [...container.querySelectorAll('input')].find((candidate) => candidate.type === 'text');
      if (!input) throw new Error('the form has no text input');
      const longTasks: number[] = [];
      let recording = false;
      const observer = new PerformanceObserver((list) => {
        if (recording) for (const entry of list.getEntries()) longTasks.push(entry.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });
      const samples: number[] = [];
      let lost = 0;
      for (let index = 0; index < warmups + keystrokes; index++) {
        recording = index >= warmups;
        const value = `${input.value}a`;
        const start = performance.now();
        setInputValue(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await nextTask();
        const elapsed = performance.now() - start;
        if (index >= warmups) {
          samples.push(elapsed);
          if (input.value !== value) lost += 1;
        }
      }
      // Long-task entries are delivered in a later task: wait for them before stopping.
      await nextFrame();
      await nextTask();
      observer.disconnect();
      return { samples, longTasks, lost };
    },

    startKeyTiming(label) {
      const control = findControl(label);
      if (!control) return false;
      control.focus();
      const end = control.value.length;
      control.setSelectionRange(end, end);
      timingKeys = true;
      return document.activeElement === control;
    },

    async settleKey() {
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000));
      if (!(await Promise.race([inFlight.then(() => true), timeout]))) {
        pending = undefined;
        keys.lost += 1;
      }
      await nextFrame();
      await nextTask();
    },

    takeKeyTimings() {
      return { fromTimeStamp: [...keys.fromTimeStamp], lost: keys.lost };
    },
  };

  // The earlier method's listeners, active only once `startKeyTiming` was called. A capturing
  // listener on window runs before any handler of the page; a bubbling one after React's root
  // listener and the microtask checkpoint in which React renders and commits a discrete update.
  window.addEventListener(
    'keydown',
    (event) => {
      if (!timingKeys) return;
      const target = event.target;
      const before = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.value.length : -1;
      pending = { stamp: event.timeStamp, before };
      inFlight = new Promise<void>((resolve) => {
        onMeasured = resolve;
      });
    },
    true,
  );
  window.addEventListener('input', (event) => {
    const measured = pending;
    if (!timingKeys || !measured) return;
    queueMicrotask(() => {
      pending = undefined;
      keys.fromTimeStamp.push(performance.now() - measured.stamp);
      const target = event.target;
      const length = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.value.length : -1;
      if (length !== measured.before + 1) keys.lost += 1;
      onMeasured?.();
    });
  });

  window.formBench = api;
}
