import type { OperatorRole } from '@contract/admin-roles';
import type { DataOf, Endpoint, ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { ApiError } from './errors';
import type { Translate } from './i18n';
import { maxJsonNesting, nestsDeeperThan } from './json-nesting';
import type { StandardHeaders } from './response-headers';
import { unstorableTextPaths } from './unstorable-text';

/** Who is calling, as resolved from the TOKEN header by the sessions module. */
export interface Principal {
  userId: number;
  sessionId: number;
  isAgent: boolean;
  /** The session was opened by the desk's sign-in: it reaches the desk's calls and nothing else. */
  isOperator: boolean;
  /** An operator session's roles, which the desk's calls are checked against; none for the others. */
  operatorRoles: readonly OperatorRole[];
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
  /** For reading the request (cookies); the router sets the answer's headers itself. */
  hono: Context<AppEnv>;
}

/** JSON text of a value of type T: an answer kept already serialised, e.g. by a cache. */
export type JsonText<T> = string & { readonly jsonOf?: T };

export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value ?? null) as JsonText<T>;
}

export interface Route<E extends Endpoint = Endpoint> {
  endpoint: E;
  /** The envelope's data, as JSON text. */
  answer(context: RequestContext<E>): Promise<JsonText<DataOf<E>>>;
}

/** Binds a handler to its contract entry; the body it receives has already passed the schema. */
export function route<E extends Endpoint>(
  endpoint: E,
  handle: (context: RequestContext<E>) => Promise<DataOf<E>>,
): Route<E> {
  return { endpoint, answer: async (context) => jsonText(await handle(context)) };
}

/** Like `route`, for a handler that has its data as JSON text already (a cached answer). */
export function jsonRoute<E extends Endpoint>(endpoint: E, answer: Route<E>['answer']): Route<E> {
  return { endpoint, answer };
}

export interface AppEnv {
  Variables: {
    requestId: string;
    locale: Locale;
    t: Translate;
    principal: Principal | null;
    clientAddress: string;
    /** Set on the sign-in calls (modules/auth/device-cookie.ts). */
    deviceId?: string;
  };
}

export type ResolvePrincipal = (token: string) => Promise<Principal | null>;

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;

/** One message per field: text PostgreSQL cannot store first, then the schema's issues. */
function fieldMessages(unstorable: string[], issues: v.BaseIssue<unknown>[], t: Translate): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (path: string, messageKey: string) => {
    if (fields[path]) return;
    fields[path] = t(messageKey, { field: t(`fields.${path}`, { defaultValue: path }) });
  };
  for (const path of unstorable) add(path || '_', 'validation.invalid');
  for (const issue of issues) {
    add(
      v.getDotPath(issue) ?? '_',
      issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.invalid',
    );
  }
  return fields;
}

function canCall(endpoint: Endpoint, principal: Principal | null): boolean {
  switch (endpoint.access) {
    case 'public':
    case 'provider':
      return true;
    // An operator session never acts as a player, so it cannot move a player's money.
    case 'user':
      return principal !== null && !principal.isOperator;
    case 'agent':
      return principal?.isAgent === true && !principal.isOperator;
    case 'admin':
      return principal?.isOperator === true && endpoint.roles.some((role) => principal.operatorRoles.includes(role));
  }
}

/**
 * Mounts every contract entry as a POST route. Access is checked first; entries without a handler
 * then answer 501 naming their path, so the list of unbuilt calls is visible to callers and tests.
 * A body nested deeper than `maxJsonNesting` answers 400 before it is parsed; one refused by its
 * schema, or holding text PostgreSQL cannot store (NUL, a lone surrogate) in any string, answers 400
 * with a message per field.
 * Answers are built by `standardHeaders`, with the envelope around the handler's JSON text.
 */
export function mountContract(
  app: Hono<AppEnv>,
  endpoints: readonly Endpoint[],
  routes: readonly Route<Endpoint>[],
  standardHeaders: StandardHeaders,
): void {
  const handlers = new Map(routes.map((r) => [r.endpoint.path, r]));
  for (const r of routes) {
    if (!endpoints.includes(r.endpoint)) throw new Error(`Route ${r.endpoint.path} is not in the contract`);
  }
  // The envelope up to its data, per locale: the success message never changes while the process runs.
  const successPrefixes = new Map<Locale, string>();
  const successPrefix = (locale: Locale, t: Translate) => {
    let prefix = successPrefixes.get(locale);
    if (prefix === undefined) {
      prefix = `{"code":200,"msg":${JSON.stringify(t('ok'))},"data":`;
      successPrefixes.set(locale, prefix);
    }
    return prefix;
  };
  for (const endpoint of endpoints) {
    const handler = handlers.get(endpoint.path);
    app.post(endpoint.path, async (c) => {
      const principal = c.get('principal');
      if (!canCall(endpoint, principal)) {
        throw principal ? new ApiError(403, 'error.forbidden') : new ApiError(401, 'error.unauthorised');
      }
      if (!handler) throw new ApiError(501, 'error.notImplemented', { path: endpoint.path });
      const t = c.get('t');
      const body = await parsedBody(c, endpoint, t);
      const idempotencyKey = checkedIdempotencyKey(c, endpoint);
      const locale = c.get('locale');
      const requestId = c.get('requestId');
      const data = await handler.answer({
        body,
        locale,
        t,
        requestId,
        clientAddress: c.get('clientAddress'),
        principal: principal as Principal,
        idempotencyKey,
        hono: c,
      });
      return standardHeaders.json(200, `${successPrefix(locale, t)}${data}}`, requestId);
    });
  }
}

/** The request's body as its schema parses it, or a 400 with a message per refused field. */
async function parsedBody<E extends Endpoint>(c: Context, endpoint: E, t: Translate): Promise<ParsedBodyOf<E>> {
  // A missing body is read as {} so the refusal names each missing field.
  const body = await readJsonBody(c);
  const raw = body === undefined ? {} : body;
  const parsed = v.safeParse(endpoint.body, raw);
  // Checked on the whole body rather than per schema, so no string field can be left out.
  const unstorable = unstorableTextPaths(raw);
  if (!parsed.success || unstorable.length > 0) {
    const fields = fieldMessages(unstorable, parsed.success ? [] : parsed.issues, t);
    throw new ApiError(400, 'error.invalidInput', {}, { fields });
  }
  return parsed.output;
}

/** The Idempotency-Key header, required and well formed on an idempotent endpoint. */
function checkedIdempotencyKey(c: Context, endpoint: Endpoint): string | null {
  const idempotencyKey = c.req.header('idempotency-key') ?? null;
  if (endpoint.idempotent && (!idempotencyKey || !idempotencyKeyPattern.test(idempotencyKey))) {
    throw new ApiError(400, 'error.idempotencyKeyRequired');
  }
  return idempotencyKey;
}

async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text, maxJsonNesting)) throw new ApiError(400, 'error.nestedTooDeep', { max: maxJsonNesting });
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
