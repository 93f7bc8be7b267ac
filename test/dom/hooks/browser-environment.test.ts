import { createBrowserEnvironment, createBrowserTabEnvironment } from '../../../src/store';

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  setVisibility('visible');
  setOnline(true);
});

describe('createBrowserEnvironment', () => {
  it('reads visibility and connectivity from the document and the browser, and reports their changes', () => {
    const environment = createBrowserEnvironment();
    const onChange = vi.fn();
    const unsubscribe = environment.subscribe(onChange);

    setVisibility('hidden');
    expect(environment.isVisible()).toBe(false);
    setOnline(false);
    expect(environment.isOnline()).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);

    unsubscribe();
    setVisibility('visible');
    expect(environment.isVisible()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('createBrowserTabEnvironment in the test windows', () => {
  it('finds no tabs: the setup leaves jsdom without Node’s BroadcastChannel, which every window of the process would share', () => {
    expect(typeof BroadcastChannel).toBe('undefined');
    expect(createBrowserTabEnvironment()).toBeUndefined();
  });
});
