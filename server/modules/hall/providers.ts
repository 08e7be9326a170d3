/**
 * The game providers, their games and machines: GAME_PROVIDERS's entries and the product's own
 * studio, upserted at every start (docs/architecture.md "Game wallet"). Keys: our wallet's
 * private key signs every wallet answer; the studio's private key is what the studio signs its
 * wallet calls with. Both come from the environment or, by default, are generated once and kept
 * as deployment secrets, so every process agrees.
 */

import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { locales } from '@contract/locales';
import { studioPlayPath } from '@contract/studio-play-path';
import { studioTitles } from '@games/catalogue';
import type { StudioTitle } from '@games/studio-title';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import {
  gameMachines,
  gameProviders,
  providerGameKinds,
  providerGames,
  providerGameVolatilities,
} from '@server/db/schema/hall';
import { loadServerKeyPair } from '@server/secrets';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import * as v from 'valibot';

export const studioProviderId = 'studio';

const pem = (label: string) =>
  v.pipe(
    v.string(),
    v.check((value) => value.includes(`-----BEGIN ${label}-----`), `must be a ${label.toLowerCase()} in PEM`),
  );

const providerGameConfig = v.strictObject({
  code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be a game code')),
  kind: v.picklist(providerGameKinds, 'must be slot, pachinko or pachislot'),
  /** The game's name per locale; ja-JP is the fallback. */
  name: v.pipe(
    v.record(v.picklist(locales, 'must be a product locale'), v.pipe(v.string(), v.nonEmpty(), v.maxLength(100))),
    v.check((names) => Object.keys(names).length > 0, 'needs a name'),
  ),
  rtpBasisPoints: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(20_000))),
  /** The volatility the provider states; left out, the hall shows none and its filter never picks the game. */
  volatility: v.optional(v.picklist(providerGameVolatilities, 'must be low, medium, high or veryHigh')),
  /** The game's picture for the hall and home: an http(s) URL or a path on this site; else the kind's picture. */
  imageUrl: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(2000),
      v.check(
        (value) =>
          /^\/[^/\\]/.test(value) || (URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)),
        'must be an http(s) URL or a path starting with /',
      ),
    ),
  ),
  machines: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(500)), 1),
  enabled: v.optional(v.boolean(), true),
});

export const gameProviderConfig = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9]{1,30}$/, 'must be 2 to 31 lower-case letters and digits')),
  name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
  baseUrl: v.pipe(
    v.string(),
    v.check((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'must be a URL'),
  ),
  publicKey: pem('PUBLIC KEY'),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9]{1,11}$/, 'must be a currency code')), 'COIN'),
  amountUnit: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1)), 1),
  games: v.array(providerGameConfig),
  enabled: v.optional(v.boolean(), true),
});
export type GameProviderConfig = v.InferOutput<typeof gameProviderConfig>;

/** GAME_PROVIDERS: a JSON array of providers. */
export const gameProvidersConfig = v.pipe(
  v.string(),
  v.parseJson(undefined, 'must be JSON'),
  v.array(gameProviderConfig),
  v.check((list) => new Set(list.map((p) => p.id)).size === list.length, 'provider ids must differ'),
  v.check((list) => list.every((p) => p.id !== studioProviderId), `"${studioProviderId}" is the embedded studio`),
);

/** The studio serves its games under the product's own address. */
export const studioBasePath = studioPlayPath;

/** The studio's page where anyone recomputes a round from its seeds. */
const studioVerifyPath = '/studio/verify';

/**
 * Where a round can be checked: the studio's verify page for its rounds. Third-party providers
 * offer no such page through the protocol, so theirs have none.
 */
export function roundVerifyUrl(providerId: string | null, round: string | null): string | null {
  if (providerId !== studioProviderId || round === null) return null;
  return `${studioVerifyPath}?${new URLSearchParams({ round }).toString()}`;
}
/** The studio's floor has at least this many machines, whatever its number of titles. */
const studioFloorMachines = 40;
/** Nor fewer than this per title, however many titles there are. */
const studioMinMachinesPerGame = 4;

/**
 * Machines per studio title: enough that the floor has `studioFloorMachines`, at least
 * `studioMinMachinesPerGame` each. A title that had more keeps them: machines are only ever added.
 */
export function studioMachinesPerGame(titles: number): number {
  return Math.max(studioMinMachinesPerGame, Math.ceil(studioFloorMachines / Math.max(titles, 1)));
}

/** The studio's titles of a kind the hall lists (a pachislot title waits until the hall lists the kind). */
const listedKind = (title: StudioTitle): title is StudioTitle & { kind: (typeof providerGameKinds)[number] } =>
  (providerGameKinds as readonly string[]).includes(title.kind);

function studioConfig(publicUrl: string, publicKey: string): GameProviderConfig {
  return {
    id: studioProviderId,
    name: 'Game Hall Studio',
    baseUrl: new URL(studioBasePath, publicUrl).toString(),
    publicKey,
    currency: 'COIN',
    amountUnit: 1,
    enabled: true,
    games: studioTitles.filter(listedKind).map((game) => ({
      code: game.code,
      kind: game.kind,
      name: { ...game.names },
      rtpBasisPoints: game.rtpBasisPoints,
      volatility: game.volatility,
      imageUrl: `/images/games/${game.code}.svg`,
      machines: studioMachinesPerGame(studioTitles.length),
      enabled: true,
    })),
  };
}

export interface GameHallKeys {
  /** Signs our wallet answers. */
  walletPrivateKey: KeyObject;
  walletPublicKeyPem: string;
  /** The embedded studio signs its wallet calls with this. */
  studioPrivateKeyPem: string;
}

export interface GameHallOptions {
  providers?: readonly GameProviderConfig[];
  /** Our wallet's private key (PEM); by default one generated once for the deployment. */
  walletPrivateKeyPem?: string | null;
}

export interface ProviderOrigins {
  /** Where the enabled providers' game pages live: the springboard frames them (frame-src). */
  frames: string[];
  /** Where their games' pictures live, when not on this site (img-src). */
  images: string[];
}

/** The origins the hall's pages load from besides their own, for the security policy. */
export function providerOrigins(publicUrl: string, providers: readonly GameProviderConfig[]): ProviderOrigins {
  const enabled = providers.filter((provider) => provider.enabled);
  const imageUrls = enabled.flatMap((provider) => provider.games.flatMap((game) => game.imageUrl ?? []));
  return {
    frames: [...new Set([new URL(studioBasePath, publicUrl).origin, ...enabled.map((p) => new URL(p.baseUrl).origin)])],
    images: [...new Set(imageUrls.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin))],
  };
}

/** Loads the keys and upserts the providers, games and machines; machines are only ever added here. */
export async function setUpGameHall(
  db: Database,
  clock: Clock,
  publicUrl: string,
  options: GameHallOptions,
): Promise<GameHallKeys> {
  const walletPem = options.walletPrivateKeyPem ?? (await loadServerKeyPair(db, 'game-wallet-key')).privateKeyPem;
  const walletPrivateKey = createPrivateKey(walletPem);
  const studio = await loadServerKeyPair(db, 'game-studio-key');
  const configs = [studioConfig(publicUrl, studio.publicKeyPem), ...(options.providers ?? [])];
  for (const config of configs) await upsertProvider(db, clock, config);
  return {
    walletPrivateKey,
    walletPublicKeyPem: createPublicKey(walletPrivateKey).export({ type: 'spki', format: 'pem' }).toString(),
    studioPrivateKeyPem: studio.privateKeyPem,
  };
}

async function upsertProvider(db: Database, clock: Clock, config: GameProviderConfig): Promise<void> {
  const row = {
    id: config.id,
    name: config.name,
    baseUrl: config.baseUrl,
    publicKeyPem: config.publicKey,
    currency: config.currency,
    amountUnit: config.amountUnit,
    enabled: config.enabled,
    updatedAt: clock.now(),
  };
  await db
    .insert(gameProviders)
    .values(row)
    .onConflictDoUpdate({
      target: gameProviders.id,
      set: {
        name: row.name,
        baseUrl: row.baseUrl,
        publicKeyPem: row.publicKeyPem,
        currency: row.currency,
        amountUnit: row.amountUnit,
        enabled: row.enabled,
        updatedAt: row.updatedAt,
      },
    });
  // A game the configuration no longer names (the studio's earlier games too) leaves the hall; its rounds stay.
  await db
    .update(providerGames)
    .set({ enabled: false })
    .where(
      and(
        eq(providerGames.providerId, config.id),
        notInArray(
          providerGames.gameCode,
          config.games.map((game) => game.code),
        ),
      ),
    );
  for (const game of config.games) {
    const values = {
      providerId: config.id,
      gameCode: game.code,
      kind: game.kind,
      name: game.name,
      rtpBasisPoints: game.rtpBasisPoints ?? null,
      volatility: game.volatility ?? null,
      imageUrl: game.imageUrl ?? null,
      enabled: game.enabled,
      addedAt: clock.now(),
    };
    const [saved] = await db
      .insert(providerGames)
      .values(values)
      .onConflictDoUpdate({
        target: [providerGames.providerId, providerGames.gameCode],
        // addedAt stays as first written: a restart does not make a game new.
        set: {
          kind: values.kind,
          name: values.name,
          rtpBasisPoints: values.rtpBasisPoints,
          volatility: values.volatility,
          imageUrl: values.imageUrl,
          // An operator's choice on the desk outlasts restarts.
          enabled: sql`coalesce(${providerGames.operatorEnabled}, excluded.enabled)`,
        },
      })
      .returning({ id: providerGames.id });
    if (!saved || game.machines === 0) continue;
    const gameId = saved.id;
    await db
      .insert(gameMachines)
      .values(Array.from({ length: game.machines }, (_, index) => ({ gameId, number: index + 1, enabled: true })))
      .onConflictDoNothing();
  }
}
