/**
 * `response` with a body that fails once more than `max` bytes have come through (or at once, when
 * it declares more), so whoever reads it to the end holds at most `max` bytes. For readers that do
 * not count themselves, such as the client the event hub polls with.
 */
export function capResponse(response: Response, max: number): Response {
  const body = response.body;
  if (body === null) return response;
  const declared = Number(response.headers.get('content-length') ?? '');
  let seen = 0;
  const tooLarge = () => new RangeError(`The task service answer is larger than ${max} bytes`);
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      if (Number.isFinite(declared) && declared > max) controller.error(tooLarge());
    },
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > max) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
  return new Response(body.pipeThrough(counted), { status: response.status, statusText: response.statusText, headers: response.headers });
}
