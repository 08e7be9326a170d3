import { cryptoDepositAddresses } from '@server/db/schema/crypto';
import { ApiError } from '@server/errors';
import { type ChainNetwork, depositAddressAt } from '@server/shared/chain-addresses';
import type { PlayerDeps } from '@server/shared/player-deps';
import { uniqueViolation } from '@server/shared/refusals';
import { and, eq, max } from 'drizzle-orm';

/** Concurrent first requests of different players may pick the same index; the loser takes the next. */
const allocationAttempts = 20;

/**
 * The player's deposit address on a network: the stored one, or, the first time, the address at the
 * network's next free derivation index, stored once (unique per player and per index), so every
 * later call answers the same address (docs/requirements.md §16.2).
 */
export async function depositAddressOf(deps: PlayerDeps, userId: number, network: ChainNetwork): Promise<string> {
  const stored = async () => {
    const [row] = await deps.db
      .select({ address: cryptoDepositAddresses.address })
      .from(cryptoDepositAddresses)
      .where(and(eq(cryptoDepositAddresses.userId, userId), eq(cryptoDepositAddresses.network, network)));
    return row?.address ?? null;
  };
  const existing = await stored();
  if (existing) return existing;
  const key = deps.crypto.depositKeys[network];
  if (!key) throw new ApiError(503, 'crypto.depositUnavailable');
  for (let attempt = 0; attempt < allocationAttempts; attempt++) {
    const [last] = await deps.db
      .select({ index: max(cryptoDepositAddresses.derivationIndex) })
      .from(cryptoDepositAddresses)
      .where(eq(cryptoDepositAddresses.network, network));
    const index = last?.index === null || last?.index === undefined ? 0 : last.index + 1;
    try {
      await deps.db.insert(cryptoDepositAddresses).values({
        userId,
        network,
        derivationIndex: index,
        address: depositAddressAt(key, network, index),
        createdAt: deps.clock.now(),
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      // The player's own twin request stored it first: answer that one.
      if (constraint === 'crypto_deposit_addresses_player_unique') break;
      continue;
    }
    break;
  }
  const address = await stored();
  if (!address) throw new Error(`no deposit address could be allocated on ${network}`);
  return address;
}

/** Every deposit address of a network with its player, for the watcher. */
export async function depositAddressesOn(deps: PlayerDeps, network: ChainNetwork) {
  return deps.db
    .select({ userId: cryptoDepositAddresses.userId, address: cryptoDepositAddresses.address })
    .from(cryptoDepositAddresses)
    .where(eq(cryptoDepositAddresses.network, network));
}
