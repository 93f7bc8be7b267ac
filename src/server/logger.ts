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
