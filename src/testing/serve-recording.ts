import { livePageHeaders, renderLivePage, renderMissingLivePage } from './live-page';
import { recordingGif } from './recording-gif';
import type { RunEngine } from './run-engine';

/**
 * The answer for the addresses the API's answers point to, which need no key: the live view
 * (`/live/<runId>`) and the recording (`/recordings/<runId>.gif`). `undefined` for any other path.
 */
export function serveRecording(engine: RunEngine, request: Request, pathname: string, at: number): Response | undefined {
  const live = /^\/live\/([^/]+)$/.exec(pathname);
  const gif = /^\/recordings\/([^/]+)\.gif$/.exec(pathname);
  const id = live?.[1] ?? gif?.[1];
  if (id === undefined) return undefined;
  if (request.method !== 'GET') return new Response(null, { status: 405, headers: { allow: 'GET' } });
  const run = runOfPath(engine, id);
  if (live !== null) {
    if (run === undefined) return new Response(renderMissingLivePage(), { status: 404, headers: livePageHeaders() });
    engine.advance(run, at);
    const status = engine.statusOf(run);
    const challenge = engine.pendingChallenge(run);
    const html = renderLivePage({
      taskName: run.task.readableName,
      status: status.status,
      detailedStatus: status.detailedStatus,
      page: engine.currentPage(run),
      waitingFor: run.toolCall?.tool.name ?? null,
      challenge: challenge === null ? null : { ...challenge, runId: run.id },
    });
    return new Response(html, { status: 200, headers: livePageHeaders(challenge !== null && !challenge.solved) });
  }
  if (run === undefined || engine.gifOf(run, at).status !== 'completed') {
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return new Response(recordingGif().slice(), {
    status: 200,
    headers: { 'content-type': 'image/gif', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' },
  });
}

/** The run a path segment names (percent-encoded), `undefined` for none or one that does not decode. */
export function runOfPath(engine: RunEngine, segment: string): ReturnType<RunEngine['run']> {
  try {
    return engine.run(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}
