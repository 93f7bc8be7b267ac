/**
 * Waits for what a story loads from the catalogue's own server (the live view's page, a
 * recording, ajv) by its event, not by a time window: the story's state is on screen before these
 * come, and the first framed page of a busy test runner can take seconds to load. The story
 * test's own time-out bounds them.
 */
import { loadJsonSchemaValidator } from '../../src/components/tool-call-prompt/load-json-schema-validator';

/**
 * Resolves once ajv, which a JSON editor imports on demand when it opens, has loaded: through the
 * editor's own loader, so it is the very module the editor waits for (on a busy machine its
 * first load from the dev server took more than 2 s). Rejects if it cannot load.
 */
export async function jsonSchemaValidatorLoaded(): Promise<void> {
  const load = await loadJsonSchemaValidator({ type: 'object' });
  if (load.status !== 'ready') throw new Error(`The JSON Schema validator did not load (${load.reason}).`);
}

/** Resolves once the live view inside `root` has loaded its page (`data-state="connected"`). */
export function liveViewConnected(root: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (root.querySelector('.hitl-live-view')?.getAttribute('data-state') !== 'connected') return;
      observer.disconnect();
      resolve();
    };
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    check();
  });
}

/** Resolves once `image` has loaded a picture; rejects if it fails to. */
export function imageLoaded(image: HTMLImageElement): Promise<void> {
  const failed = () => new Error(`The image ${image.src} did not load.`);
  // Already over: its events have passed, so waiting for them would last until the test's time-out.
  if (image.complete) return image.naturalWidth > 0 ? Promise.resolve() : Promise.reject(failed());
  return new Promise((resolve, reject) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => reject(failed()), { once: true });
  });
}

/**
 * Resolves once what `<Inbox>` loads when a request is first opened has loaded, through the very
 * modules it imports: its panel (with `<HumanRequestPrompt>`), the parts of a prompt (the approval
 * kit, the `form_input` form, the link, the JSON editor) and the deadline's countdown. A story
 * that opens a request waits for them by their load, not by a time window.
 */
export async function inboxRequestPartsLoaded(): Promise<void> {
  await Promise.all([
    import('../../src/components/inbox/inbox-request-panel'),
    import('../../src/components/human-request-prompt/approval-request'),
    import('../../src/components/human-request-prompt/form-input-request-form'),
    import('../../src/components/human-request-prompt/link-request'),
    import('../../src/components/human-request-prompt/schema-json-answer'),
    import('../../src/components/human-request-prompt/time-left'),
  ]);
}
