/** The proxy's default `onStoreError`: an outage that every request runs into is a few lines, not one per request. */
import { storeErrorLog, type TaskProxyLogger } from '../../../src/server/logger';

function capture(): { logger: TaskProxyLogger; lines: string[] } {
  const lines: string[] = [];
  const keep = (line: string) => void lines.push(line);
  return { logger: { info: keep, warn: keep, error: keep }, lines };
}

describe('storeErrorLog', () => {
  it('logs the first failure, then at most one line a minute that counts the others', () => {
    let now = 0;
    const { logger, lines } = capture();
    const log = storeErrorLog(logger, 60_000, () => now);

    // A failure a second for 100 s: the first, then one line at 60 s for the 59 between.
    for (let index = 0; index < 100; index++) {
      log(new Error('The client is offline'));
      now += 1000;
    }
    expect(lines).toEqual([
      'the proxy store failed: The client is offline',
      'the proxy store failed: The client is offline (and 59 more store failures since the last line)',
    ]);

    // The next one, after a quiet minute, says how many the last line did not.
    now += 120_000;
    log(new Error('Redis is back, and failed again'));
    expect(lines.at(-1)).toBe('the proxy store failed: Redis is back, and failed again (and 39 more store failures since the last line)');
  });
});
