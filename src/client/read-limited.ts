/**
 * Reads a request body of at most `max` bytes. A larger one (declared or as it arrives) is not
 * read to its end: the rest is cancelled and `'too-large'` returned, so an oversized upload is
 * never held in memory. Rejects when the body cannot be read.
 */
export async function readLimited(request: Request, max: number): Promise<Uint8Array | 'too-large'> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) {
    void request.body?.cancel().catch(() => undefined);
    return 'too-large';
  }
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
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
