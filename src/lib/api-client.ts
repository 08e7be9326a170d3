import { type BodyOf, type DataOf, type Endpoint, type Envelope, envelopeSchema } from '@contract/endpoint';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { type FetchResponse, ofetch } from 'ofetch';
import * as v from 'valibot';
import { readStoredLanguage, readStoredToken } from './storage';

/** docs/requirements.md §9: requests time out after 60000 ms; toasts show for 2000 ms. */
export const requestTimeoutMs = 60_000;
export const toastDurationMs = 2000;

const xsrfCookieName = 'XSRF-TOKEN';

/** A call the server refused or that never reached it; `code` is the envelope code (0 for network). */
export class ApiCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** From a 429's Retry-After header: how long the server asks the caller to wait. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export interface ApiClientOptions {
  /** Absent in the browser, where calls go to the page's own origin. */
  baseURL?: string;
  getToken(): string | null;
  getLanguage(): string;
  /** The XSRF cookie's value, or null when the client has none yet. */
  getXsrfToken(): string | null;
  showError(message: string): void;
  /** 401 and 402 end the session (docs/requirements.md §8). */
  onSessionEnded(code: 401 | 402): void;
  fallbackMessages(): { error: string; network: string };
  /** Headers every request carries besides the computed ones (a cookie jar outside the browser). */
  extraHeaders?(): Record<string, string>;
  timeoutMs?: number;
}

export interface CallOptions {
  /** Required by money calls: one key per user action, reused by its retries. */
  idempotencyKey?: string;
  /** Leave the toast to the caller (forms that show the message inline). */
  silent?: boolean;
  /**
   * The fields the caller's form shows the server's sentences on: a refusal naming one of them is
   * left to the form; one naming none of them, or no answer at all, still shows as a toast.
   */
  fieldsShown?: readonly string[];
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const http = ofetch.create({
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    method: 'POST',
    timeout: options.timeoutMs ?? requestTimeoutMs,
    retry: 0,
    credentials: 'same-origin',
    ignoreResponseError: true,
  });

  async function ensureXsrfToken(): Promise<string | null> {
    const existing = options.getXsrfToken();
    if (existing) return existing;
    await http('/v2/xsrf', { method: 'GET', headers: options.extraHeaders?.() ?? {} });
    return options.getXsrfToken();
  }

  /** The headers of a call: language, session, XSRF token (fetched first when missing), idempotency key. */
  async function headersOf(idempotencyKey: string | undefined): Promise<Record<string, string>> {
    const xsrfToken = await ensureXsrfToken();
    const token = options.getToken();
    return {
      'Accept-Language': options.getLanguage(),
      ...(token ? { TOKEN: token } : {}),
      ...(xsrfToken ? { 'X-XSRF-TOKEN': xsrfToken } : {}),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      ...options.extraHeaders?.(),
    };
  }

  async function call<E extends Endpoint>(
    endpoint: E,
    body?: BodyOf<E>,
    callOptions: CallOptions = {},
  ): Promise<DataOf<E>> {
    const fail = (error: ApiCallError): never => {
      const shownInline = Object.keys(error.fields).some((field) => callOptions.fieldsShown?.includes(field));
      if (!callOptions.silent && !shownInline) options.showError(error.message);
      throw error;
    };
    if (endpoint.idempotent && !callOptions.idempotencyKey) {
      throw new Error(`${endpoint.path} needs an idempotency key`);
    }
    let response: FetchResponse<unknown>;
    try {
      response = await http.raw<unknown>(endpoint.path, {
        body: (body ?? {}) as Record<string, unknown>,
        headers: await headersOf(callOptions.idempotencyKey),
      });
    } catch {
      // No answer came (offline, refused connection, timeout): the reader gets the localised sentence,
      // not the fetch library's technical one.
      return fail(new ApiCallError(0, options.fallbackMessages().network));
    }
    const answer = readAnswer(endpoint, response);
    return answer instanceof ApiCallError ? fail(answer) : answer;
  }

  /** The call's data from the server's envelope, or the error it amounts to; a 401 or 402 ends the session. */
  function readAnswer<E extends Endpoint>(endpoint: E, response: FetchResponse<unknown>): DataOf<E> | ApiCallError {
    const envelope = v.safeParse(envelopeSchema, response._data);
    if (!envelope.success) return new ApiCallError(response.status, options.fallbackMessages().error);
    const { code, data } = envelope.output;
    if (code !== 200) {
      if (code === 401 || code === 402) options.onSessionEnded(code);
      return refusalError(envelope.output, response.headers, options.fallbackMessages);
    }
    const parsed = v.safeParse(endpoint.data, data);
    if (!parsed.success) return new ApiCallError(500, options.fallbackMessages().error);
    return parsed.output as DataOf<E>;
  }

  return { call };
}

/** The error of an envelope the server answered with a code other than 200. */
function refusalError(
  envelope: Envelope,
  headers: Headers,
  fallbackMessages: ApiClientOptions['fallbackMessages'],
): ApiCallError {
  // A 429 says in Retry-After how long to wait.
  const retryAfter = Number.parseInt(headers.get('retry-after') ?? '', 10);
  return new ApiCallError(
    envelope.code,
    envelope.msg || fallbackMessages().error,
    envelope.fields,
    Number.isFinite(retryAfter) ? retryAfter : null,
  );
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** Listeners for the end of a session announced by the server (401/402). */
export const sessionEndedEvents = new EventTarget();

/**
 * The browser's client: same origin, token and language from storage, errors as toasts. A 401/402
 * ends the player's session unless the client keeps another session (the operators' desk).
 */
export function createBrowserApiClient(bindings: {
  getToken(): string | null;
  getLanguage(): string;
  fallbackMessages(): { error: string; network: string };
  onSessionEnded?(code: 401 | 402): void;
}) {
  return createApiClient({
    getToken: bindings.getToken,
    getLanguage: bindings.getLanguage,
    getXsrfToken: () => readCookie(xsrfCookieName),
    fallbackMessages: bindings.fallbackMessages,
    showError: (message) => notifications.show({ color: 'red', message, autoClose: toastDurationMs }),
    onSessionEnded:
      bindings.onSessionEnded ??
      ((code) => sessionEndedEvents.dispatchEvent(new CustomEvent('ended', { detail: code }))),
  });
}

export const api = createBrowserApiClient({
  getToken: readStoredToken,
  getLanguage: readStoredLanguage,
  fallbackMessages: () => ({
    error: i18next.t('common:errors.generic', { defaultValue: 'Error' }),
    network: i18next.t('common:errors.request', { defaultValue: 'Request Error' }),
  }),
});
