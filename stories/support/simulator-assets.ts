/**
 * Addresses of the catalogue's stand-ins for what a real service hosts: the live view page and
 * the recorded GIF (`.storybook/public/hitl-sim/`). Same origin as the story, so nothing leaves the
 * machine.
 */
const ASSETS_PATH = '/hitl-sim';

/** The static live view page. */
export function livePageUrl(): string {
  return new URL(`${ASSETS_PATH}/live-view.html`, window.location.origin).href;
}

/** The static recording. */
export function recordingUrl(): string {
  return new URL(`${ASSETS_PATH}/recording.gif`, window.location.origin).href;
}

/**
 * The `publicUrl` for a simulated service: this page's origin, so live views and recordings load
 * from the catalogue itself, where the dev server answers the simulator's per-run addresses
 * (`<publicUrl>/live/<runId>`, `<publicUrl>/recordings/<runId>.gif`; see `.storybook/main.ts`). A
 * static host cannot: there a fragment ends the path, so every address the service makes
 * (`…/recording.gif#/live/<runId>`) loads the static recording, and the live view frame shows the
 * same animation instead of a not-found page.
 */
export function simulatorPublicUrl(): string {
  const perRunRoutes = typeof __HITL_SIM_PER_RUN_ROUTES__ === 'boolean' && __HITL_SIM_PER_RUN_ROUTES__;
  return perRunRoutes ? new URL(ASSETS_PATH, window.location.origin).href : `${recordingUrl()}#`;
}
