/** An answer that is an error, thrown where it is found and answered with the envelope by the request handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
