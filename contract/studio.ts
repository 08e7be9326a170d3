/**
 * The game studio's own API: what the studio's game page in the browser asks the studio's server.
 * The studio is the product's embedded game provider and deals with the wallet only through the
 * signed provider protocol (docs/architecture.md §11); these calls never reach the wallet's routes
 * and carry no session of ours. Every call is a POST under `/studio/api`, answered in the same
 * `{ code, msg, data }` envelope as ours; after `openSession` the page sends the studio's session
 * token in the `Studio-Session` header.
 */
import * as v from 'valibot';
import { amount } from './money';

export interface StudioCall<
  TBody extends v.GenericSchema = v.GenericSchema,
  TData extends v.GenericSchema = v.GenericSchema,
> {
  readonly path: string;
  readonly summary: string;
  readonly body: TBody;
  readonly data: TData;
}

/* @__NO_SIDE_EFFECTS__ */
function studioCall<const TBody extends v.GenericSchema, const TData extends v.GenericSchema>(
  definition: StudioCall<TBody, TData>,
): StudioCall<TBody, TData> {
  return definition;
}

export const studioSessionHeader = 'Studio-Session';

const coins = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** A server seed's commitment: SHA-256 of the seed, in hex (docs/games.md §1). */
const seedHash = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
/** What the player chooses: 1 to 64 printable ASCII characters without spaces. */
const clientSeed = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,64}$/));

/**
 * The provably fair state a player sees before choosing and before a round: the commitments of the
 * active server seed and of the next one (both made before any client seed they meet is chosen),
 * their client seed (null until the page sets one: the server never chooses it), the next nonce.
 */
const fairness = v.object({
  serverSeedHash: seedHash,
  nextServerSeedHash: seedHash,
  clientSeed: v.nullable(v.string()),
  nonce: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
export type StudioFairness = v.InferOutput<typeof fairness>;

/**
 * What the round drew and paid, as the title played it (its RoundResult: a slot's steps, a
 * pachinko's balls, …). Checked here only for what every title answers; the game page and the
 * verify page check it exactly with the title's own `outcome` schema.
 */
const outcome = v.looseObject({ totalBet: coins, totalWin: coins });
export type StudioOutcome = v.InferOutput<typeof outcome>;

/** The kinds of the studio's titles (games/engine/title.ts): the catalogue test keeps them equal. */
export const studioTitleKinds = ['slot', 'pachinko', 'pachislot'] as const;
/** How far a round's win strays from the mean (games/engine/title.ts). */
export const studioVolatilities = ['low', 'medium', 'high', 'veryHigh'] as const;

export const studioRoundStatuses = ['open', 'settled', 'rolledBack'] as const;

const round = v.object({
  /** The studio's round id, also the `round` the wallet books the bet and the win under. */
  id: v.string(),
  nonce: v.number(),
  stake: coins,
  win: coins,
  /** open: the bet is booked and the win not yet; rolledBack: the bet was given back, nothing won. */
  status: v.picklist(studioRoundStatuses),
  outcome,
  playedAt: v.string(),
});
export type StudioRound = v.InferOutput<typeof round>;

const game = v.object({
  code: v.string(),
  kind: v.picklist(studioTitleKinds),
  /** The engine that plays it: `lines`, `ways`, `cascade`, … (docs/games.md). */
  mechanic: v.string(),
  volatility: v.picklist(studioVolatilities),
  name: v.string(),
  /** The stakes a round may take, in coins. */
  stakes: v.array(coins),
  rtpBasisPoints: v.number(),
});

export const openStudioSession = studioCall({
  path: '/studio/api/session/open',
  summary: 'Redeem the launch token (once) with the wallet and open the game at its machine',
  body: v.object({ launchToken: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
  data: v.object({
    sessionToken: v.string(),
    game,
    machineNumber: v.number(),
    currency: v.string(),
    balance: coins,
    fairness,
    /** A round the last visit left open, settled or rolled back now and shown as such. */
    resumedRound: v.nullable(round),
  }),
});

export const playStudioRound = studioCall({
  path: '/studio/api/round/play',
  summary: 'Play one round: bet, draw, win, one wallet transaction each; a repeated roundKey answers the same round',
  body: v.object({
    stake: coins,
    /** One per press of the button, reused by its retries, so a retry never plays twice. */
    roundKey: v.pipe(v.string(), v.uuid()),
  }),
  data: v.object({ round, balance: coins, fairness }),
});

export const resumeStudioRound = studioCall({
  path: '/studio/api/round/resume',
  summary: 'After a lost connection: the round left open, brought to its end (won or rolled back)',
  body: v.object({ roundKey: v.pipe(v.string(), v.uuid()) }),
  data: v.object({ round: v.nullable(round), balance: coins, fairness }),
});

/** A server seed retired by a rotation: now it can be shown, with the number of rounds drawn on it. */
const revealedSeed = v.object({
  serverSeed: seedHash,
  serverSeedHash: seedHash,
  roundsPlayed: v.number(),
});

/**
 * A client seed is sent with the commitment of the server seed it is for, as the page showed it, so
 * it only ever meets a server seed committed before it was chosen; a commitment that is no longer
 * the one named (another tab rotated) is refused with 409 and nothing changes.
 */
export const setStudioClientSeed = studioCall({
  path: '/studio/api/fairness/client-seed',
  summary: 'Set the client seed of the rounds to come; the active server seed, committed before, stays',
  body: v.object({ clientSeed, serverSeedHash: seedHash }),
  data: v.object({ fairness }),
});

export const rotateStudioSeed = studioCall({
  path: '/studio/api/fairness/rotate',
  summary:
    'Retire the active server seed (revealed now) and play on with the committed next one and this client seed; a new next seed is committed',
  body: v.object({ clientSeed, nextServerSeedHash: seedHash }),
  data: v.object({ revealed: revealedSeed, fairness }),
});

/**
 * The player leaves the machine: the session takes no more rounds, and the server seed it drew with
 * is retired and revealed (unless another session of the player plays on with it), so every round
 * of the visit can be checked at once. A session that runs out of time is left the same way.
 */
export const leaveStudioSession = studioCall({
  path: '/studio/api/session/leave',
  summary: 'Leave the machine: the session ends and the server seed it drew with is revealed',
  body: v.object({}),
  data: v.object({ revealed: v.nullable(revealedSeed) }),
});

export const studioRoundProof = studioCall({
  path: '/studio/api/round/proof',
  summary:
    'What a round was drawn from, to recompute it (no session needed: round ids are unguessable); the server seed only once retired',
  body: v.object({ roundId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }),
  data: v.object({
    gameCode: v.string(),
    round,
    clientSeed: v.string(),
    serverSeedHash: v.string(),
    serverSeed: v.nullable(v.string()),
  }),
});

/**
 * What the studio's game page tells the portal's frame around it (same origin only) when a round
 * settles: the balance after it, so the portal's header shows it at once.
 */
export const roundSettledMessage = v.object({ type: v.literal('studio.roundSettled'), balance: amount });
export type RoundSettledMessage = v.InferOutput<typeof roundSettledMessage>;
