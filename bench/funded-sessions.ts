import { systemClock } from '@server/clock';
import type { Database } from '@server/db/client';
import { defaultSessionLifetimes } from '@server/modules/auth/context';
import { startSession } from '@server/modules/auth/sessions';
import { houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { transfer } from '@server/modules/ledger/service';
import { coinCurrency } from '@server/shared/player-deps';

/**
 * Funds a bench player from the adjustments house account through the ledger and signs them in with
 * the product's own session function: nothing the measured calls read differs from a player who
 * deposited and signed in. Answers the session token.
 */
export async function fundAndSignIn(db: Database, userId: number, coins: bigint): Promise<string> {
  await transfer(db, systemClock, {
    from: houseAccount('adjustments', coinCurrency),
    to: playerAccount(userId, coinCurrency),
    amount: coins,
    currency: coinCurrency,
    idempotencyKey: `bench-funding-${userId}`,
    kind: 'adjustment',
    actor: 'system',
    reason: 'bench funding',
  });
  const session = await startSession(db, {
    userId,
    remember: true,
    now: systemClock.now(),
    clientAddress: '127.0.0.1',
    lifetimes: defaultSessionLifetimes,
  });
  return session.token;
}
