import type { LiveChallenge } from './live-challenge';

/** What the live view shows of a run. */
interface LivePageState {
  taskName: string;
  status: string;
  detailedStatus: string;
  page: { title: string; url: string } | null;
  /** Name of the tool the run waits on, if it does. */
  waitingFor: string | null;
  /** The challenge only a person can pass, while the run waits on it; `null` otherwise. */
  challenge: (LiveChallenge & { runId: string }) | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Page titles and addresses come from the (simulated) agent's browsing: escape everything. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * Headers of the live page: no scripts, no outside resources, framable anywhere (it is made to
 * sit in an iframe of the caller's app). A page with the challenge's form may post it to the
 * simulator itself, and nowhere else.
 */
export function livePageHeaders(withForm = false): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action ${withForm ? "'self'" : "'none'"}`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
}

const STYLE = `
body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#f4f5f7;color:#1a202c}
.bar{display:flex;gap:8px;align-items:center;padding:8px 12px;background:#2d3748;color:#e2e8f0}
.url{flex:1;background:#4a5568;border-radius:4px;padding:2px 8px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{padding:16px 20px}
h1{font-size:18px;margin:0 0 8px}
.status{display:inline-block;padding:2px 8px;border-radius:999px;background:#e2e8f0}
.waiting{margin-top:12px;padding:8px 12px;border-left:4px solid #3b82f6;background:#ebf4ff}
.challenge{margin-top:16px;padding:12px 16px;max-width:360px;border:1px solid #a0aec0;border-radius:6px;background:#fff}
.challenge h2{font-size:16px;margin:0 0 8px}
.challenge label{display:block;margin:8px 0 4px}
.challenge .check{display:flex;gap:8px;align-items:center}
.challenge input[type=text]{font:inherit;padding:4px 8px;border:1px solid #4a5568;border-radius:4px}
.challenge button{font:inherit;margin-top:12px;padding:6px 14px;border:0;border-radius:4px;background:#2b6cb0;color:#fff}
:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}
.code{font:bold 20px/1.2 ui-monospace,monospace;letter-spacing:4px;padding:2px 8px;background:#edf2f7}
.mistake{color:#9b2c2c;font-weight:600}
.passed{color:#22543d;font-weight:600}
`;

const MISTAKES: Record<NonNullable<LiveChallenge['mistake']>, string> = {
  unticked: 'Tick “I am not a robot”, then try again.',
  'wrong-code': 'Wrong code, try again.',
};

/**
 * The challenge as a plain HTML form, posted to the simulator (no script: the page's CSP allows
 * none). The typed code is never written back into the page, right or wrong.
 */
function renderChallenge(challenge: NonNullable<LivePageState['challenge']>): string {
  if (challenge.solved) return '<p class="passed" role="status">Challenge passed. Hand the browser back to the agent.</p>';
  const mistake = challenge.mistake === null ? null : MISTAKES[challenge.mistake];
  // Relative to `/live/<runId>`, so it also holds behind a proxy that mounts the simulator under a path.
  const action = `${encodeURIComponent(challenge.runId)}/challenge`;
  return `<section class="challenge" aria-labelledby="challenge-title">
<h2 id="challenge-title">Security check</h2>
<p>The agent cannot go on until a person passes this check.</p>
${mistake === null ? '' : `<p class="mistake" id="challenge-mistake">${escapeHtml(mistake)}</p>`}
<form method="post" action="${escapeHtml(action)}">
<div class="check"><input type="checkbox" id="challenge-human" name="human" value="yes"><label for="challenge-human">I am not a robot</label></div>
<p id="challenge-shown">Code shown: <span class="code">${escapeHtml(challenge.code)}</span></p>
<label for="challenge-code">Type the code shown</label>
<input type="text" id="challenge-code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="challenge-shown${mistake === null ? '' : ' challenge-mistake'}"${mistake === null ? '' : ' aria-invalid="true"'}>
<div><button type="submit">Submit</button></div>
</form>
</section>`;
}

/**
 * The self-contained HTML of the live view; it reloads itself while the run is going, except while
 * it shows the challenge's form, where a reload would wipe what the person types.
 */
export function renderLivePage(state: LivePageState): string {
  const refresh = state.status === 'running' && !(state.challenge !== null && !state.challenge.solved);
  const title = state.page?.title ?? 'Starting the browser…';
  const url = state.page?.url ?? 'about:blank';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="2">' : ''}
<title>Live view: ${escapeHtml(state.taskName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="bar" aria-label="Agent browser address"><span class="url">${escapeHtml(url)}</span></header>
<main>
<h1>${escapeHtml(title)}</h1>
<p>Task: ${escapeHtml(state.taskName)}</p>
<p>Status: <span class="status">${escapeHtml(state.status)} · ${escapeHtml(state.detailedStatus)}</span></p>
${state.waitingFor === null ? '' : `<p class="waiting">The agent is waiting for an answer to <strong>${escapeHtml(state.waitingFor)}</strong>.</p>`}
${state.challenge === null ? '' : renderChallenge(state.challenge)}
</main>
</body>
</html>
`;
}

/** A plain page for a run that does not exist. */
export function renderMissingLivePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Run not found</title></head>
<body><main><h1>Run not found</h1><p>There is no run with this id.</p></main></body></html>
`;
}
