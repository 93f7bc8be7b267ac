/** An answer of the proxy's own, in the service's error envelope (spec §2.1); `extra` fields go beside `error`. */
export function envelope(status: number, error: string, extra: { code?: string; retryAfter?: string } = {}): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
  if (extra.retryAfter !== undefined) headers['retry-after'] = extra.retryAfter;
  const body = extra.code === undefined ? { success: false, error } : { success: false, error, code: extra.code };
  return new Response(JSON.stringify(body), { status, headers });
}
