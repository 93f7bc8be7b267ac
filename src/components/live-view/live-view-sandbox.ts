/**
 * The `sandbox` tokens of the live view frame. Everything not listed stays forbidden; in
 * particular never `allow-top-navigation*` (the frame could navigate the app's tab away, e.g. to a
 * phishing copy), `allow-popups*` (new windows outside the sandbox), `allow-modals` (alert/confirm
 * dialogs that block the app and can imitate it), `allow-downloads`, `allow-presentation`,
 * `allow-orientation-lock` or `allow-pointer-lock`.
 *
 * - `allow-scripts`: live views are streaming players (a video or VNC-style canvas) that need
 *   JavaScript to run at all.
 * - `allow-same-origin`: only when the live view is on another origin than the app. The player then
 *   keeps its own origin, so its cookies, storage and WebSocket `Origin` work; the same-origin
 *   policy still walls it off from the app. On the app's own origin the pair
 *   `allow-scripts allow-same-origin` would let the frame's scripts reach into the app and lift
 *   their own sandbox, so there the token is left out and the frame runs in an opaque origin.
 * - `allow-forms`: only when `interactive`, so the person can type into the page the agent is on
 *   (e.g. solve a captcha); a view-only frame has no reason to submit anything.
 */
export function liveViewSandbox(options: { interactive: boolean; samePageOrigin: boolean }): string {
  const tokens = ['allow-scripts'];
  if (!options.samePageOrigin) tokens.push('allow-same-origin');
  if (options.interactive) tokens.push('allow-forms');
  return tokens.join(' ');
}
