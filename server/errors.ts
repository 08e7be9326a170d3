/** Error codes follow their HTTP meaning (docs/architecture.md §3); the HTTP status equals the code. */
export type ErrorCode = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 501 | 503;

/**
 * A refusal the caller should see. `messageKey` names a message in locales/<lng>/server.json,
 * translated into the request's language when the envelope is written.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly extra: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}
