/**
 * The 1 MiB default of the proxy's `maxBodyBytes`, and so of the largest answer the store sends
 * (`RunStoreOptions.maxAnswerBytes`): one number, so the browser refuses what the proxy would.
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request or response body of at most `max` bytes. A larger one (declared or as it
 * arrives) is not read to its end: the rest is cancelled and `'too-large'` returned, so an
 * oversized upload or answer is never held in memory beyond `max`. Rejects when the body cannot be read.
 */
export async function readLimited(
  message: { readonly headers: Headers; readonly body: ReadableStream<Uint8Array> | null },
  max: number,
): Promise<Uint8Array | 'too-large'> {
  const declared = Number(message.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) {
    void message.body?.cancel().catch(() => undefined);
    return 'too-large';
  }
  if (message.body === null) return new Uint8Array();
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
