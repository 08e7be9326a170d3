/**
 * The seamless wallet game providers call (docs/architecture.md "Game wallet", docs/requirements.md
 * §10), on the model of the Hub88 Operator Wallet API: POST {base}/user/info, /user/balance,
 * /transaction/bet, /transaction/win, /transaction/rollback, where base is
 * /v2/wallet/<provider id>. Every answer is HTTP 200 with a `status`, signed by us.
 *
 * Order of checks: the provider must be known and enabled, then the X-Hub88-Signature over the
 * raw body must verify with its public key, and only then is the body parsed. A money call is one
 * database transaction: the request_uuid claimed, the bookkeeping row, the ledger transfer, the
 * round, and the stored answer. A refusal rolls all of it back and is stored on its own, so a
 * repeated request_uuid gets the first answer; one sent again with another body (told by the hash
 * of its body) is refused with RS_ERROR_WRONG_SYNTAX and changes nothing.
 */

import type { AppEnv } from '@server/contract-router';
import { isDatabaseUnavailable } from '@server/db/client';
import { gameProviders } from '@server/db/schema/hall';
import { ApiError } from '@server/errors';
import { maxJsonNesting, nestsDeeperThan } from '@server/json-nesting';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { GameDeps } from '../hall/public';
import { betOrWin } from './bet-and-win';
import { type Answer, type Provider, requestHash, signatureHeader, type WalletRequest } from './protocol';
import { userBalance, userInfo } from './redemption';
import { rollback } from './rollback';
import { signatureValid, signedResponse } from './signing';

export { walletBasePath } from './protocol';

/** The wallet's calls, each with the request it reads. */
const actions = {
  'user/info': userInfo,
  'user/balance': userBalance,
  'transaction/bet': (deps: GameDeps, provider: Provider, request: WalletRequest) =>
    betOrWin(deps, provider, request, 'transaction/bet'),
  'transaction/win': (deps: GameDeps, provider: Provider, request: WalletRequest) =>
    betOrWin(deps, provider, request, 'transaction/win'),
  'transaction/rollback': rollback,
} as const;

type Action = (typeof actions)[keyof typeof actions];

/** A signed body's JSON object, or null when it is not one (answered RS_ERROR_WRONG_SYNTAX). */
function bodyOf(raw: string): Record<string, unknown> | null {
  // Reading the body (its hash, its meta) recurses into it: deep nesting is refused before parsing.
  if (nestsDeeperThan(raw, maxJsonNesting)) return null;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  return body as Record<string, unknown>;
}

/** Runs a call; what it did not foresee is answered RS_ERROR_UNKNOWN, but errors the app answers are passed on. */
async function answerOf(
  deps: GameDeps,
  provider: Provider,
  path: string,
  action: Action,
  body: Record<string, unknown>,
): Promise<Answer> {
  try {
    return await action(deps, provider, { body, bodyHash: requestHash(body) });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A database that is down answers 503 through the app's handler, so the provider retries.
    if (isDatabaseUnavailable(error)) throw error;
    deps.logger.error({ err: error, provider: provider.id, path }, 'wallet call failed');
    const requestUuid = (body as { request_uuid?: unknown }).request_uuid;
    return {
      status: 'RS_ERROR_UNKNOWN',
      ...(typeof requestUuid === 'string' ? { request_uuid: requestUuid } : {}),
    };
  }
}

/** The wallet's routes, mounted at walletBasePath. */
export function walletRoutes(deps: GameDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Read on every call (never kept), so a provider disabled by another process is refused at once.
  const providerQuery = deps.db
    .select()
    .from(gameProviders)
    .where(eq(gameProviders.id, sql.placeholder('id')))
    .prepare('wallet_provider');
  const respond = (answer: Answer) => signedResponse(deps.keys.walletPrivateKey, answer);
  app.get(
    '/public-key',
    () => new Response(deps.keys.walletPublicKeyPem, { headers: { 'content-type': 'text/plain' } }),
  );
  for (const [path, action] of Object.entries(actions)) {
    app.post(`/:providerId/${path}`, async (c) => {
      const raw = await c.req.text();
      const [provider] = await providerQuery.execute({ id: c.req.param('providerId') });
      if (!provider?.enabled) return respond({ status: 'RS_ERROR_INVALID_PARTNER' });
      if (!signatureValid(provider, raw, c.req.header(signatureHeader)))
        return respond({ status: 'RS_ERROR_INVALID_SIGNATURE' });
      const body = bodyOf(raw);
      if (!body) return respond({ status: 'RS_ERROR_WRONG_SYNTAX' });
      return respond(await answerOf(deps, provider, path, action, body));
    });
  }
  return app;
}
