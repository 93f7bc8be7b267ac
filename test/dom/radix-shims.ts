// The form loads Radix Select when a person first reaches a select. A browser has the chunk by the
// press that opens it (it starts loading on hover and focus); Vitest would transform Radix on that
// first press, slower than `findBy*` waits. Loaded with the test, the swap is as quick as in a page.
import '../../src/components/form-view/radix-select-control';

/**
 * What Radix Select and Switch call that jsdom lacks. Imported for its effect by the tests that
 * open a Radix Select; kept out of test/setup-dom.ts so other tests run against plain jsdom.
 */
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
