import { readLimited } from '../client';
import { livePageHeaders, renderMissingLivePage } from './live-page';
import type { RunEngine } from './run-engine';
import { runOfPath } from './serve-recording';

/** A form of a checkbox and a short code: anything much larger is not from the live page. */
const MAX_FORM_BYTES = 4096;

const TEXT_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/**
 * The answer for the live view's challenge form, `POST /live/<runId>/challenge` (form-urlencoded
 * `human=yes&code=…`), which needs no key: the person in the live view is not the API's caller.
 * The attempt counts only while the run waits on its challenge; the answer is always a 303 back to
 * the live page, which then says how it went. `undefined` for any other path.
 */
export function serveLiveChallenge(engine: RunEngine, request: Request, pathname: string, at: () => number): Promise<Response> | undefined {
  const match = /^\/live\/([^/]+)\/challenge$/.exec(pathname);
  if (match === null) return undefined;
  return answer(engine, request, match[1] as string, at);
}

async function answer(engine: RunEngine, request: Request, id: string, at: () => number): Promise<Response> {
  // Only the form changes anything: a GET (a prefetch, a link) must not.
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  const run = runOfPath(engine, id);
  if (run === undefined) return new Response(renderMissingLivePage(), { status: 404, headers: livePageHeaders() });
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    return new Response('Send the form as application/x-www-form-urlencoded.', { status: 415, headers: TEXT_HEADERS });
  }
  const bytes = await readLimited(request, MAX_FORM_BYTES);
  if (bytes === 'too-large') return new Response('The form is too large.', { status: 413, headers: TEXT_HEADERS });
  const form = new URLSearchParams(new TextDecoder().decode(bytes));
  engine.attemptChallenge(run, { ticked: form.get('human') === 'yes', code: form.get('code') ?? '' }, at());
  // Relative to `/live/<runId>/challenge`: back to `/live/<runId>` wherever the simulator is mounted.
  return new Response(null, { status: 303, headers: { location: `../${encodeURIComponent(run.id)}`, 'cache-control': 'no-store' } });
}
