/**
 * What a failed request is called where a message says why something failed ("Your answer could
 * not be sent: <reason>"): the person reads words, not a method, a path and milliseconds. Each is
 * a function, so translations can reorder words.
 */
export interface ErrorMessages {
  /** The service could not be reached (no connection, the connection dropped). Default: "the service could not be reached. Check the connection". */
  network(): string;
  /** No answer in time. Default: "the service did not answer in time". */
  timeout(): string;
  /** The request was cancelled before it finished. Default: "the request was cancelled". */
  aborted(): string;
  /** The service answered with something that is not its usual answer. Default: "the service's answer could not be read". */
  unreadable(): string;
  /** Too many requests (HTTP 429). Default: "the service is busy. Wait a moment". */
  busy(): string;
  /** The service failed (HTTP 5xx). Default: "the service had a problem (HTTP <status>)". */
  serviceFailed(context: { status: number }): string;
  /** The service refused the request without saying why (another 4xx). Default: "the service refused the request (HTTP <status>)". */
  refused(context: { status: number }): string;
  /** A proxy sent the answer on and cannot tell whether the service applied it (`answer_in_doubt`). Default: "the service may have received it already. Checking…". */
  answerInDoubt(): string;
}

/** The English `ErrorMessages`. */
export const enErrorMessages: ErrorMessages = {
  network: () => 'the service could not be reached. Check the connection',
  timeout: () => 'the service did not answer in time',
  aborted: () => 'the request was cancelled',
  unreadable: () => "the service's answer could not be read",
  busy: () => 'the service is busy. Wait a moment',
  serviceFailed: ({ status }) => `the service had a problem (HTTP ${status})`,
  refused: ({ status }) => `the service refused the request (HTTP ${status})`,
  answerInDoubt: () => 'the service may have received it already. Checking…',
};
