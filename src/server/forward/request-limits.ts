import { errorEnvelope } from '../../client';

/** What one user holds open on this instance. */
interface UserLoad {
  streams: number;
  runs: number;
}

/**
 * The event streams each user holds open on this instance, and the runs they name, so that one
 * client cannot open more than its share. A place is taken before the stream opens and given back
 * once, when the stream ends for any reason.
 */
export class StreamLimits {
  private readonly users = new Map<string, UserLoad>();

  constructor(
    private readonly maxStreams: number,
    private readonly maxRuns: number,
  ) {}

  /** Takes a place for a stream of `runs` runs: the function that gives it back, or the 429 to answer. */
  take(user: string, runs: number): (() => void) | Response {
    const load = this.users.get(user) ?? { streams: 0, runs: 0 };
    if (load.streams + 1 > this.maxStreams)
      return tooMany(`At most ${this.maxStreams} event streams may be open per user; close one first`);
    if (load.runs + runs > this.maxRuns) return tooMany(`The open event streams of one user may name at most ${this.maxRuns} runs`);
    load.streams += 1;
    load.runs += runs;
    this.users.set(user, load);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      load.streams -= 1;
      load.runs -= runs;
      if (load.streams === 0 && this.users.get(user) === load) this.users.delete(user);
    };
  }
}

/** Seconds a client told 429 waits: long enough for a stream it closed to be noticed. */
const RETRY_AFTER_SECONDS = '5';

function tooMany(message: string): Response {
  return errorEnvelope(429, message, { code: 'too_many_streams', retryAfter: RETRY_AFTER_SECONDS });
}

/**
 * The stream's body, calling `release` once when it ends: read to its end, failed, or cancelled by
 * the client. It pulls only when its reader does, so the inner stream's back-pressure still holds.
 */
export function releaseOnEnd(response: Response, release: () => void, signal: AbortSignal): Response {
  if (response.body === null) {
    release();
    return response;
  }
  signal.addEventListener('abort', release, { once: true });
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, headers: response.headers });
}
