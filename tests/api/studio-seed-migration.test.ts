import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { serverSeedCommitment, serverSeedFromBytes } from '@games/provably-fair';
import { sakuraSevens } from '@games/titles/sakura-sevens';
import { isDatabaseUnavailable } from '@server/db/client';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createStudioApp } from '../../studio/app';
import { openStudioDatabase, type SharedConnection, type StudioDatabase } from '../../studio/db/client';
import { openDatabaseFromTemplate, type TestDatabase } from './database-template';

/**
 * The studio's move to server seeds committed before the client seed (migration 0001, docs/games.md
 * §1), on a database that has played under the tables before it: every round drawn before keeps the
 * client seed it was drawn with and still recomputes from its proof, and the seed active then gives
 * up the client seed the server had made for it.
 */
const migrations = fileURLToPath(new URL('../../studio/db/migrations', import.meta.url));

let database: TestDatabase;
let connection: SharedConnection;
let scratch: string;

beforeAll(async () => {
  database = await openDatabaseFromTemplate(inject('databaseTemplate'));
  connection = (database.db as unknown as { $client: SharedConnection }).$client;
  scratch = await mkdtemp(path.join(os.tmpdir(), 'studio-migrations-'));
});
afterAll(async () => {
  await database.drop();
  await rm(scratch, { recursive: true, force: true });
});

/** The studio's tables as its first migration made them, and nothing after. */
async function migrateToFirst() {
  await cp(migrations, scratch, { recursive: true });
  const journalFile = path.join(scratch, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag === '0000_studio_tables');
  await writeFile(journalFile, JSON.stringify(journal));
  const config = { migrationsFolder: scratch, migrationsSchema: 'studio' };
  if (connection instanceof PGlite) await migratePglite(drizzlePglite(connection), config);
  else await migrateNodePostgres(drizzleNodePostgres(connection as pg.Pool), config);
}

const execute = (text: string, values: unknown[] = []) =>
  connection instanceof PGlite ? connection.query(text, values) : (connection as pg.Pool).query(text, values);

function newServerSeed() {
  const serverSeed = serverSeedFromBytes(randomBytes(32));
  return { serverSeed, serverSeedHash: serverSeedCommitment(serverSeed) };
}

async function studioOn(db: StudioDatabase) {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return createStudioApp({
    db,
    walletUrl: 'http://127.0.0.1:9/v2/wallet',
    providerId: 'studio',
    privateKeyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    walletPublicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    isDatabaseUnavailable,
    clock: { now: () => new Date() },
    randomBytes: (size) => new Uint8Array(randomBytes(size)),
    schedule: async () => undefined,
    logger: { warn: () => undefined, error: () => undefined },
  });
}

describe('studio seed migration', () => {
  it('keeps every earlier round verifying, and drops the client seed the server made for the active seed', async () => {
    await migrateToFirst();
    const retired = newServerSeed();
    const active = newServerSeed();
    const player = 'player-1';
    const [retiredRow, activeRow] = (
      await execute(
        `INSERT INTO studio.seeds (player, game_code, server_seed, server_seed_hash, client_seed, next_nonce, active, created_at, revealed_at)
         VALUES ($1, 'sakura-sevens', $2, $3, 'lucky-7', 2, false, now(), now()),
                ($1, 'sakura-sevens', $4, $5, 'made-by-the-server', 1, true, now(), NULL)
         RETURNING id`,
        [player, retired.serverSeed, retired.serverSeedHash, active.serverSeed, active.serverSeedHash],
      )
    ).rows as { id: number }[];
    const [session] = (
      await execute(
        `INSERT INTO studio.sessions (token_hash, wallet_token, player, game_code, machine, currency, created_at, expires_at)
         VALUES ($1, 'wallet-token', $2, 'sakura-sevens', 1, 'COIN', now(), now()) RETURNING id`,
        [randomUUID(), player],
      )
    ).rows as { id: number }[];
    const played = [
      { seed: retired, seedId: retiredRow?.id, clientSeed: 'lucky-7', nonce: 0 },
      { seed: retired, seedId: retiredRow?.id, clientSeed: 'lucky-7', nonce: 1 },
      { seed: active, seedId: activeRow?.id, clientSeed: 'made-by-the-server', nonce: 0 },
    ].map((round) => {
      const seeds = { serverSeed: round.seed.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
      return { ...round, id: randomUUID(), outcome: sakuraSevens.play(seeds, 40) };
    });
    for (const round of played) {
      await execute(
        `INSERT INTO studio.rounds (id, round_key, session_id, player, game_code, machine, seed_id, nonce, stake, win, drawn, status,
           bet_request_uuid, bet_transaction_uuid, win_request_uuid, win_transaction_uuid, rollback_request_uuid, rollback_transaction_uuid,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'sakura-sevens', 1, $5, $6, 40, $7, $8, 'settled', $2, $2, $2, $2, $2, $2, now(), now())`,
        [
          round.id,
          randomUUID(),
          session?.id,
          player,
          round.seedId,
          round.nonce,
          round.outcome.totalWin,
          JSON.stringify({ kind: 'slot', stops: round.outcome.stops }),
        ],
      );
    }

    const app = await studioOn(await openStudioDatabase(connection));
    for (const round of played) {
      const response = await app.request('/studio/api/round/proof', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ roundId: round.id }),
      });
      const proof = ((await response.json()) as { data: { clientSeed: string; serverSeed: string | null } }).data;
      expect(proof.clientSeed).toBe(round.clientSeed);
      if (round.seed === retired) {
        expect(proof.serverSeed).toBe(retired.serverSeed);
        const again = sakuraSevens.play(
          { serverSeed: retired.serverSeed, clientSeed: proof.clientSeed, nonce: round.nonce },
          40,
        );
        expect(again).toEqual(round.outcome);
      } else expect(proof.serverSeed).toBeNull();
    }
    const seeds = (await execute('SELECT status, client_seed, next_nonce FROM studio.seeds ORDER BY id')).rows;
    expect(seeds).toEqual([
      { status: 'retired', client_seed: 'lucky-7', next_nonce: 2 },
      { status: 'active', client_seed: null, next_nonce: 1 },
    ]);
  });
});
