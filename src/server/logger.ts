/**
 * Where the proxy says what went wrong. `console` fits, and so do pino, winston or bunyan loggers
 * as they are: each line is one string argument.
 */
export interface TaskProxyLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The default logger: `console`, each line starting with `hitl-react:`. */
export const consoleLogger: TaskProxyLogger = Object.freeze({
  info: (message: string) => console.info(`hitl-react: ${message}`),
  warn: (message: string) => console.warn(`hitl-react: ${message}`),
  error: (message: string) => console.error(`hitl-react: ${message}`),
});

/** `logger` with `scrub` applied to every line, so the key never reaches a log even inside an error message. */
export function scrubbedLogger(logger: TaskProxyLogger, scrub: (text: string) => string): TaskProxyLogger {
  const line = (level: keyof TaskProxyLogger) => (message: string) => {
    try {
      logger[level](scrub(message));
    } catch {
      // A broken logger must not break the proxy.
    }
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

/** A one-line description of an error for a log line: its message, never a stack or a request. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message === '' ? error.name : error.message;
  return String(error);
}

/**
 * The default `onStoreError`: the first failure in a line, then at most one line a minute saying how
 * many more there were, so an outage that every request runs into is a few lines, not one per request.
 */
export function storeErrorLog(logger: TaskProxyLogger, everyMs = 60_000, now: () => number = Date.now): (error: unknown) => void {
  let quietUntil = Number.NEGATIVE_INFINITY;
  let since = 0;
  return (error) => {
    const at = now();
    if (at < quietUntil) {
      since += 1;
      return;
    }
    const more = since === 0 ? '' : ` (and ${since} more store failures since the last line)`;
    logger.error(`the proxy store failed: ${describeError(error)}${more}`);
    quietUntil = at + everyMs;
    since = 0;
  };
}
