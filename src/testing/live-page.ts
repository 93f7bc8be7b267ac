/** What the live view shows of a run. */
interface LivePageState {
  taskName: string;
  status: string;
  detailedStatus: string;
  page: { title: string; url: string } | null;
  /** Name of the tool the run waits on, if it does. */
  waitingFor: string | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Page titles and addresses come from the (simulated) agent's browsing: escape everything. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * Headers of the live page: no scripts, no outside resources, framable anywhere (it is made to
 * sit in an iframe of the caller's app).
 */
export const LIVE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

const STYLE = `
body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#f4f5f7;color:#1a202c}
.bar{display:flex;gap:8px;align-items:center;padding:8px 12px;background:#2d3748;color:#e2e8f0}
.url{flex:1;background:#4a5568;border-radius:4px;padding:2px 8px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{padding:16px 20px}
h1{font-size:18px;margin:0 0 8px}
.status{display:inline-block;padding:2px 8px;border-radius:999px;background:#e2e8f0}
.waiting{margin-top:12px;padding:8px 12px;border-left:4px solid #3b82f6;background:#ebf4ff}
`;

/** The self-contained HTML of the live view; it reloads itself while the run is going. */
export function renderLivePage(state: LivePageState): string {
  const running = state.status === 'running';
  const title = state.page?.title ?? 'Starting the browser…';
  const url = state.page?.url ?? 'about:blank';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${running ? '<meta http-equiv="refresh" content="2">' : ''}
<title>Live view: ${escapeHtml(state.taskName)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="bar" aria-label="Agent browser address"><span class="url">${escapeHtml(url)}</span></div>
<main>
<h1>${escapeHtml(title)}</h1>
<p>Task: ${escapeHtml(state.taskName)}</p>
<p>Status: <span class="status">${escapeHtml(state.status)} · ${escapeHtml(state.detailedStatus)}</span></p>
${state.waitingFor === null ? '' : `<p class="waiting">The agent is waiting for an answer to <strong>${escapeHtml(state.waitingFor)}</strong>.</p>`}
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
