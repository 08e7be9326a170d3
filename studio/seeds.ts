/**
 * Server seeds (docs/games.md §1), committed before the player chooses: per player and game, an
 * active seed that draws the rounds and a next one, both shown by their SHA-256. A seed is stored
 * without a client seed; the client seed always comes from the player's page, never from here, and
 * is taken only with the hash of the seed it is for, as the page showed it, so it never meets a
 * server seed created after it. A new client seed keeps the active server seed; a rotation reveals
 * it, moves to the next one with the client seed sent along, and commits a new next seed.
 */
import type { StudioFairness } from '@contract/studio';
import { serverSeedBytes, serverSeedCommitment, serverSeedFromBytes } from '@games/provably-fair';
import { and, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { StudioDatabase } from './db/client';
import { type SeedStatus, seeds, sessions } from './db/schema';
import { type Studio, StudioError } from './studio-deps';

export type SeedRow = typeof seeds.$inferSelect;

/** The active seed, which draws the next round, and the next one, which a rotation moves to. */
export interface CommittedSeeds {
  active: SeedRow;
  next: SeedRow;
}

/** A fresh server seed with its commitment, and no client seed: the player chooses one once the hash is shown. */
function newSeedValues(studio: Studio, player: string, gameCode: string, status: 'active' | 'next') {
  const serverSeed = serverSeedFromBytes(studio.randomBytes(serverSeedBytes));
  return {
    player,
    gameCode,
    serverSeed,
    serverSeedHash: serverSeedCommitment(serverSeed),
    clientSeed: null,
    nextNonce: 0,
    status,
    createdAt: studio.clock.now(),
  };
}

export function fairnessOf({ active, next }: CommittedSeeds): StudioFairness {
  return {
    serverSeedHash: active.serverSeedHash,
    nextServerSeedHash: next.serverSeedHash,
    clientSeed: active.clientSeed,
    nonce: active.nextNonce,
  };
}

const seedOf = (player: string, gameCode: string, status: SeedStatus) =>
  and(eq(seeds.player, player), eq(seeds.gameCode, gameCode), eq(seeds.status, status));

/** The predicates of the indexes that keep one active and one next seed per player and game. */
const oneOf = { active: sql`${seeds.status} = 'active'`, next: sql`${seeds.status} = 'next'` };

/**
 * The player's active and next seeds for the game, read together, and committed on first use (two
 * first uses agree on one of each): both exist before the player can choose a client seed.
 */
export async function committedSeeds(studio: Studio, player: string, gameCode: string): Promise<CommittedSeeds> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const rows = await studio.db
      .select()
      .from(seeds)
      .where(and(eq(seeds.player, player), eq(seeds.gameCode, gameCode), inArray(seeds.status, ['active', 'next'])));
    const active = rows.find((row) => row.status === 'active');
    const next = rows.find((row) => row.status === 'next');
    if (active && next) return { active, next };
    for (const status of ['active', 'next'] as const) {
      if (rows.some((row) => row.status === status)) continue;
      await studio.db
        .insert(seeds)
        .values(newSeedValues(studio, player, gameCode, status))
        .onConflictDoNothing({ target: [seeds.player, seeds.gameCode], where: oneOf[status] });
    }
  }
  throw new Error(`the seeds of ${player} in ${gameCode} could not be committed`);
}

/**
 * Locks the player's active seed for the game and takes its next nonce, inside the caller's
 * transaction: two rounds of one player and game wait for each other here, so no nonce is drawn
 * twice. A rotation committed while this waited retires the row it waited for; the new active
 * seed is read again then (each statement sees what was committed before it began). A seed the
 * player has given no client seed yet draws nothing.
 */
export async function takeNonce(
  tx: StudioDatabase,
  player: string,
  gameCode: string,
): Promise<SeedRow & { clientSeed: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [seed] = await tx
      .select()
      .from(seeds)
      .where(seedOf(player, gameCode, 'active'))
      .for('update');
    if (!seed) continue;
    const { clientSeed } = seed;
    if (clientSeed === null) throw new StudioError(409, 'clientSeedMissing');
    await tx
      .update(seeds)
      .set({ nextNonce: sql`${seeds.nextNonce} + 1` })
      .where(eq(seeds.id, seed.id));
    return { ...seed, clientSeed };
  }
  throw new Error(`no active seed for ${player} in ${gameCode}`);
}

/**
 * The next rounds are drawn with this client seed on the active server seed, which the page names
 * by the hash it showed: a seed committed before the client seed was chosen. When another tab
 * rotated meanwhile, nothing changes (409).
 */
export async function setClientSeed(
  studio: Studio,
  player: string,
  gameCode: string,
  { clientSeed, serverSeedHash }: { clientSeed: string; serverSeedHash: string },
): Promise<StudioFairness> {
  await committedSeeds(studio, player, gameCode);
  const [updated] = await studio.db
    .update(seeds)
    .set({ clientSeed })
    .where(and(seedOf(player, gameCode, 'active'), eq(seeds.serverSeedHash, serverSeedHash)))
    .returning({ id: seeds.id });
  if (!updated) throw new StudioError(409, 'seedsChanged');
  return fairnessOf(await committedSeeds(studio, player, gameCode));
}

export interface Rotation {
  revealed: { serverSeed: string; serverSeedHash: string; roundsPlayed: number };
  fairness: StudioFairness;
}

/**
 * Retires the active seed (revealing it), makes the next seed active with the client seed sent now,
 * and commits a new next seed. The page names the next seed by the hash it showed, so the client
 * seed meets only a server seed committed before it was chosen; when another tab rotated meanwhile,
 * nothing changes (409). Rotations wait for each other on the next seed's row.
 */
export async function rotateSeed(
  studio: Studio,
  player: string,
  gameCode: string,
  { clientSeed, nextServerSeedHash }: { clientSeed: string; nextServerSeedHash: string },
): Promise<Rotation> {
  await committedSeeds(studio, player, gameCode);
  return studio.db.transaction(async (tx) => {
    const [next] = await tx
      .select()
      .from(seeds)
      .where(and(seedOf(player, gameCode, 'next'), eq(seeds.serverSeedHash, nextServerSeedHash)))
      .for('update');
    if (!next) throw new StudioError(409, 'seedsChanged');
    const current = await lockedActive(tx, player, gameCode);
    return rotated(studio, tx, { current, next }, clientSeed);
  });
}

async function lockedActive(tx: StudioDatabase, player: string, gameCode: string): Promise<SeedRow> {
  const [current] = await tx
    .select()
    .from(seeds)
    .where(seedOf(player, gameCode, 'active'))
    .for('update');
  if (!current) throw new Error(`no active seed for ${player} in ${gameCode}`);
  return current;
}

/**
 * The rotation itself, inside the caller's transaction with both rows locked: the active seed
 * retired and revealed, the next one active with the client seed given (none when the player left:
 * the page chooses one on the next visit), a new next seed committed.
 */
async function rotated(
  studio: Studio,
  tx: StudioDatabase,
  { current, next }: { current: SeedRow; next: SeedRow },
  clientSeed: string | null,
): Promise<Rotation> {
  await tx.update(seeds).set({ status: 'retired', revealedAt: studio.clock.now() }).where(eq(seeds.id, current.id));
  const [active] = await tx
    .update(seeds)
    .set({ status: 'active', clientSeed })
    .where(eq(seeds.id, next.id))
    .returning();
  const [committed] = await tx
    .insert(seeds)
    .values(newSeedValues(studio, current.player, current.gameCode, 'next'))
    .returning();
  if (!active || !committed) throw new Error('the rotated seeds were not stored');
  return {
    revealed: {
      serverSeed: current.serverSeed,
      serverSeedHash: current.serverSeedHash,
      roundsPlayed: current.nextNonce,
    },
    fairness: fairnessOf({ active, next: committed }),
  };
}

/**
 * The player has left the game (the last session left or past its time): the active seed is
 * retired and revealed, so every round drawn on it can be checked. A seed that drew nothing, or
 * one a session still plays with, stays. Null when nothing was revealed.
 */
export async function retireLeftSeed(
  studio: Studio,
  player: string,
  gameCode: string,
): Promise<Rotation['revealed'] | null> {
  const [active] = await studio.db
    .select()
    .from(seeds)
    .where(seedOf(player, gameCode, 'active'));
  if (!active || active.nextNonce === 0) return null;
  await committedSeeds(studio, player, gameCode);
  return studio.db.transaction(async (tx) => {
    const [next] = await tx
      .select()
      .from(seeds)
      .where(seedOf(player, gameCode, 'next'))
      .for('update');
    const current = await lockedActive(tx, player, gameCode);
    if (!next || current.nextNonce === 0) return null;
    const [live] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(eq(sessions.player, player), eq(sessions.gameCode, gameCode), gt(sessions.expiresAt, studio.clock.now())),
      )
      .limit(1);
    if (live) return null;
    return (await rotated(studio, tx, { current, next }, null)).revealed;
  });
}

/**
 * The housekeeping's part: active seeds that drew rounds and whose player has no session left at
 * the game (every one left or past its time) are retired and revealed, a batch at a time.
 */
export async function retireLeftSeeds(studio: Studio, batch = 50): Promise<number> {
  const left = await studio.db
    .select({ player: seeds.player, gameCode: seeds.gameCode })
    .from(seeds)
    .where(
      and(
        eq(seeds.status, 'active'),
        gt(seeds.nextNonce, 0),
        notExists(
          studio.db
            .select({ id: sessions.id })
            .from(sessions)
            .where(
              and(
                eq(sessions.player, seeds.player),
                eq(sessions.gameCode, seeds.gameCode),
                gt(sessions.expiresAt, studio.clock.now()),
              ),
            ),
        ),
      ),
    )
    .limit(batch);
  let retired = 0;
  for (const { player, gameCode } of left) if (await retireLeftSeed(studio, player, gameCode)) retired += 1;
  return retired;
}
