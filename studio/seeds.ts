/**
 * Server seeds (docs/games.md §1): one active per player and game, committed by its SHA-256 before
 * any round is drawn on it, revealed once retired. Rotating (or setting the client seed) retires the
 * active seed and commits a new one with the nonce back at 0.
 */
import type { StudioFairness } from '@contract/studio';
import { serverSeedBytes, serverSeedCommitment, serverSeedFromBytes } from '@games/provably-fair';
import { and, eq, sql } from 'drizzle-orm';
import type { StudioDatabase } from './db/client';
import { seeds } from './db/schema';
import type { Studio } from './studio-deps';

export type SeedRow = typeof seeds.$inferSelect;

/** A default client seed: 16 random bytes in hex, until the player sets their own. */
function randomClientSeed(studio: Studio): string {
  return Buffer.from(studio.randomBytes(16)).toString('hex');
}

function newSeedValues(studio: Studio, player: string, gameCode: string, clientSeed: string) {
  const serverSeed = serverSeedFromBytes(studio.randomBytes(serverSeedBytes));
  return {
    player,
    gameCode,
    serverSeed,
    serverSeedHash: serverSeedCommitment(serverSeed),
    clientSeed,
    nextNonce: 0,
    active: true,
    createdAt: studio.clock.now(),
  };
}

export function fairnessOf(seed: SeedRow): StudioFairness {
  return { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nextNonce };
}

const activeSeedOf = (player: string, gameCode: string) =>
  and(eq(seeds.player, player), eq(seeds.gameCode, gameCode), eq(seeds.active, true));

/** The player's active seed for the game, created on first use (two first uses agree on one). */
export async function activeSeed(studio: Studio, player: string, gameCode: string): Promise<SeedRow> {
  const [existing] = await studio.db.select().from(seeds).where(activeSeedOf(player, gameCode));
  if (existing) return existing;
  await studio.db
    .insert(seeds)
    .values(newSeedValues(studio, player, gameCode, randomClientSeed(studio)))
    .onConflictDoNothing({ target: [seeds.player, seeds.gameCode], where: sql`${seeds.active}` });
  const [created] = await studio.db.select().from(seeds).where(activeSeedOf(player, gameCode));
  if (!created) throw new Error(`no active seed for ${player} in ${gameCode}`);
  return created;
}

/**
 * Locks the player's active seed for the game and takes its next nonce, inside the caller's
 * transaction: two rounds of one player and game wait for each other here, so no nonce is drawn
 * twice. A rotation committed while this waited retires the row it waited for; the new active
 * seed is read again then (each statement sees what was committed before it began).
 */
export async function takeNonce(tx: StudioDatabase, player: string, gameCode: string): Promise<SeedRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [seed] = await tx.select().from(seeds).where(activeSeedOf(player, gameCode)).for('update');
    if (!seed) continue;
    await tx
      .update(seeds)
      .set({ nextNonce: sql`${seeds.nextNonce} + 1` })
      .where(eq(seeds.id, seed.id));
    return seed;
  }
  throw new Error(`no active seed for ${player} in ${gameCode}`);
}

export interface Rotation {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; roundsPlayed: number };
  fairness: StudioFairness;
}

/** Retires the active seed (revealing it) and commits a new one, with the given client seed or the same. */
export async function rotateSeed(
  studio: Studio,
  player: string,
  gameCode: string,
  clientSeed: string | null,
): Promise<Rotation> {
  await activeSeed(studio, player, gameCode);
  return studio.db.transaction(async (tx) => {
    const [current] = await tx.select().from(seeds).where(activeSeedOf(player, gameCode)).for('update');
    if (!current) throw new Error(`no active seed for ${player} in ${gameCode}`);
    await tx.update(seeds).set({ active: false, revealedAt: studio.clock.now() }).where(eq(seeds.id, current.id));
    const [next] = await tx
      .insert(seeds)
      .values(newSeedValues(studio, player, gameCode, clientSeed ?? current.clientSeed))
      .returning();
    if (!next) throw new Error('the new seed was not stored');
    return {
      revealed: {
        serverSeed: current.serverSeed,
        serverSeedHash: current.serverSeedHash,
        clientSeed: current.clientSeed,
        roundsPlayed: current.nextNonce,
      },
      fairness: fairnessOf(next),
    };
  });
}
