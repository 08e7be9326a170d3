import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { DataOf, Endpoint, ParsedBodyOf } from '../contract/endpoint';
import type { Locale } from '../contract/locales';
import { ApiError } from './errors';
import type { Translate } from './i18n';

/** Who is calling, as resolved from the TOKEN header by the sessions module. */
export interface Principal {
  userId: number;
  sessionId: number;
  isAgent: boolean;
  isOperator: boolean;
}

export interface RequestContext<E extends Endpoint> {
  body: ParsedBodyOf<E>;
  locale: Locale;
  t: Translate;
  requestId: string;
  clientAddress: string;
  /** Present on every endpoint whose access is not public. */
  principal: E['access'] extends 'public' | 'provider' ? Principal | null : Principal;
  idempotencyKey: string | null;
  hono: Context<AppEnv>;
}

export interface Route<E extends Endpoint = Endpoint> {
  endpoint: E;
  handle(context: RequestContext<E>): Promise<DataOf<E>>;
}

/** Binds a handler to its contract entry; the body it receives has already passed the schema. */
export function route<E extends Endpoint>(endpoint: E, handle: Route<E>['handle']): Route<E> {
  return { endpoint, handle } as Route<E>;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    locale: Locale;
    t: Translate;
    principal: Principal | null;
    clientAddress: string;
  };
}

export type ResolvePrincipal = (token: string) => Promise<Principal | null>;

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;

function fieldMessages(issues: v.BaseIssue<unknown>[], t: Translate): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '_';
    if (fields[path]) continue;
    const field = t(`fields.${path}`, { defaultValue: path });
    fields[path] =
      issue.input === undefined || issue.input === ''
        ? t('validation.required', { field })
        : t('validation.invalid', { field });
  }
  return fields;
}

function canCall(endpoint: Endpoint, principal: Principal | null): boolean {
  switch (endpoint.access) {
    case 'public':
    case 'provider':
      return true;
    case 'user':
      return principal !== null;
    case 'agent':
      return principal?.isAgent === true;
    case 'admin':
      return principal?.isOperator === true;
  }
}

/**
 * Mounts every contract entry as a POST route. Access is checked first; entries without a handler
 * then answer 501 naming their path, so the list of unbuilt calls is visible to callers and tests.
 */
export function mountContract(
  app: Hono<AppEnv>,
  endpoints: readonly Endpoint[],
  routes: readonly Route<Endpoint>[],
): void {
  const handlers = new Map(routes.map((r) => [r.endpoint.path, r]));
  for (const r of routes) {
    if (!endpoints.includes(r.endpoint)) throw new Error(`Route ${r.endpoint.path} is not in the contract`);
  }
  for (const endpoint of endpoints) {
    const handler = handlers.get(endpoint.path);
    app.post(endpoint.path, async (c) => {
      const principal = c.get('principal');
      if (!canCall(endpoint, principal)) {
        throw principal ? new ApiError(403, 'error.forbidden') : new ApiError(401, 'error.unauthorised');
      }
      if (!handler) throw new ApiError(501, 'error.notImplemented', { path: endpoint.path });
      const t = c.get('t');
      // A missing body is read as {} so the refusal names each missing field.
      const body = await readJsonBody(c);
      const raw = body === undefined ? {} : body;
      const parsed = v.safeParse(endpoint.body, raw);
      if (!parsed.success) {
        throw new ApiError(400, 'error.invalidInput', {}, { fields: fieldMessages(parsed.issues, t) });
      }
      const idempotencyKey = c.req.header('idempotency-key') ?? null;
      if (endpoint.idempotent && (!idempotencyKey || !idempotencyKeyPattern.test(idempotencyKey))) {
        throw new ApiError(400, 'error.idempotencyKeyRequired');
      }
      const data = await handler.handle({
        body: parsed.output,
        locale: c.get('locale'),
        t,
        requestId: c.get('requestId'),
        clientAddress: c.get('clientAddress'),
        principal: principal as Principal,
        idempotencyKey,
        hono: c,
      });
      return c.json({ code: 200, msg: t('ok'), data: data ?? null });
    });
  }
}

async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'error.malformedJson');
  }
  // Every call takes a JSON object; an array would otherwise pass valibot's object check.
  if (Array.isArray(parsed)) throw new ApiError(400, 'error.malformedJson');
  return parsed;
}
