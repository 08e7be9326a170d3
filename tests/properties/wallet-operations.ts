import type { Database } from '@server/db/client';
import { balanceOf } from '@server/modules/ledger/accounts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { WalletAnswer } from '../support/game-provider';
import { ledgerViolations, queryRows } from '../support/ledger-invariants';

/**
 * What a game provider sends to the seamless wallet in the wallet property tests, and a model of
 * what the wallet must answer (docs/architecture.md §11 "Game wallet"): bets, wins and rollbacks
 * naming earlier transactions or uuids the wallet never saw, balance calls, verbatim retries (same
 * request_uuid), re-sends of a transaction under a new request_uuid and another body under an
 * earlier request_uuid (refused: never taken for the earlier request). The model is the protocol's
 * rules written out plainly over maps; every answer is compared with it, and after a run the
 * rounds, balances and ledger in the database must agree with it.
 */

export type WalletPath = 'transaction/bet' | 'transaction/win' | 'transaction/rollback' | 'user/balance';

export interface WalletRequest {
  path: WalletPath;
  body: Record<string, unknown> & { request_uuid: string; user: string };
}

/** A player as the provider knows them: the wallet's user id and the game session token. */
export interface WalletSeat {
  user: string;
  token: string;
}

/**
 * Which transaction a win or rollback names: an earlier one of the list, an earlier bet of the same
 * player, a bet of the same player an earlier win named (so rollbacks meet settled bets), or a uuid
 * never sent (yet).
 */
type Reference = { earlier: number } | { mine: number } | { paid: number } | { ghost: number };

export type AbstractWalletOperation =
  | { type: 'bet'; player: number; round: number; coins: number; ghost: number | null }
  | { type: 'win'; player: number; round: number; coins: number; reference: Reference }
  | { type: 'rollback'; player: number; round: number; reference: Reference }
  | { type: 'balance'; player: number }
  | { type: 'retry'; of: number }
  | { type: 'resend'; of: number }
  | { type: 'reuse'; of: number };

const roundsPerPlayer = 3;
const ghosts = 3;

/** One operation among `players` players; a bet with a ghost uuid is the late bet after a rollback. */
export function walletOperation(players: number): fc.Arbitrary<AbstractWalletOperation> {
  const player = fc.integer({ min: 0, max: players - 1 });
  const round = fc.integer({ min: 0, max: roundsPerPlayer - 1 });
  const ghost = fc.integer({ min: 0, max: ghosts - 1 });
  const reference: fc.Arbitrary<Reference> = fc.oneof(
    { weight: 2, arbitrary: fc.record({ earlier: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ mine: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ ghost }) },
  );
  // A rollback often names a bet a win has paid: the wallet keeps such a bet booked.
  const rolledBack: fc.Arbitrary<Reference> = fc.oneof(
    { weight: 2, arbitrary: fc.record({ earlier: fc.nat() }) },
    { weight: 3, arbitrary: fc.record({ paid: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ ghost }) },
  );
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        type: fc.constant('bet' as const),
        player,
        round,
        coins: fc.integer({ min: 1, max: 40 }),
        ghost: fc.option(ghost, { freq: 4 }),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        type: fc.constant('win' as const),
        player,
        round,
        coins: fc.integer({ min: 0, max: 60 }),
        reference,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ type: fc.constant('rollback' as const), player, round, reference: rolledBack }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('balance' as const), player }) },
    {
      weight: 4,
      arbitrary: fc.record({
        type: fc.constantFrom('retry' as const, 'resend' as const, 'reuse' as const),
        of: fc.nat(),
      }),
    },
  );
}

export interface WalletGame {
  gameCode: string;
  currency: string;
  /** Protocol units per coin. */
  unit: number;
}

/**
 * Names real players, rounds and uuids. Everything is prefixed with `namespace`, so runs never
 * meet; rounds are per player, as a provider's rounds are.
 */
export function materialiseWalletOperations(
  operations: readonly AbstractWalletOperation[],
  seats: readonly WalletSeat[],
  namespace: string,
  game: WalletGame,
): WalletRequest[] {
  const requests: WalletRequest[] = [];
  const transactions: { uuid: string; user: string; round: string; bet: boolean }[] = [];
  /** The bets of the same player that wins have named, in order. */
  const paid: typeof transactions = [];
  let counter = 0;
  const fresh = (kind: string) => `${namespace}-${kind}${counter++}`;
  const ghostUuid = (ghost: number) => `${namespace}-ghost${ghost}`;
  const seatOf = (player: number) => seats[player % seats.length] as WalletSeat;
  const roundOf = (player: number, round: number) => `${namespace}-p${player % seats.length}-r${round}`;
  const referenced = (reference: Reference, seat: WalletSeat, ownRound: string) => {
    const pick = <T>(list: T[], index: number) => list[index % Math.max(list.length, 1)];
    const ofSeat = (list: typeof transactions) => list.filter((earlier) => earlier.user === seat.user);
    const earlier =
      'earlier' in reference
        ? pick(transactions, reference.earlier)
        : 'mine' in reference
          ? pick(ofSeat(transactions.filter((earlier) => earlier.bet)), reference.mine)
          : 'paid' in reference
            ? pick(ofSeat(paid), reference.paid)
            : null;
    if (!earlier) return { uuid: ghostUuid('ghost' in reference ? reference.ghost : 0), round: ownRound };
    // A provider settles in the round of the transaction it names; another player's is refused anyway.
    return { uuid: earlier.uuid, round: earlier.user === seat.user ? earlier.round : ownRound };
  };
  for (const operation of operations) {
    if (operation.type === 'retry' || operation.type === 'resend' || operation.type === 'reuse') {
      const candidates =
        operation.type === 'retry' ? requests : requests.filter((request) => request.path !== 'user/balance');
      const earlier = candidates[operation.of % Math.max(candidates.length, 1)];
      if (!earlier) continue;
      if (operation.type === 'retry') requests.push(earlier);
      else if (operation.type === 'resend')
        requests.push({ ...earlier, body: { ...earlier.body, request_uuid: fresh('rq') } });
      else {
        // The same request_uuid with another body: one more coin, or another transaction named.
        const { amount } = earlier.body;
        const changed =
          typeof amount === 'number' ? { amount: amount + game.unit } : { reference_transaction_uuid: fresh('other') };
        requests.push({ ...earlier, body: { ...earlier.body, ...changed } });
      }
      continue;
    }
    const seat = seatOf(operation.player);
    const common = { request_uuid: fresh('rq'), user: seat.user, token: seat.token };
    if (operation.type === 'balance') {
      requests.push({ path: 'user/balance', body: { ...common, game_code: game.gameCode } });
      continue;
    }
    const ownRound = roundOf(operation.player, operation.round);
    const transaction = { transaction_uuid: '', game_code: game.gameCode, currency: game.currency };
    if (operation.type === 'bet') {
      transaction.transaction_uuid = operation.ghost === null ? fresh('bet') : ghostUuid(operation.ghost);
      requests.push({
        path: 'transaction/bet',
        body: {
          ...common,
          ...transaction,
          round: ownRound,
          amount: operation.coins * game.unit,
          is_free: false,
          round_closed: false,
        },
      });
      transactions.push({ uuid: transaction.transaction_uuid, user: seat.user, round: ownRound, bet: true });
    } else {
      const reference = referenced(operation.reference, seat, ownRound);
      const named = transactions.find((earlier) => earlier.uuid === reference.uuid);
      if (operation.type === 'win' && named?.bet && named.user === seat.user) paid.push(named);
      transaction.transaction_uuid = fresh(operation.type);
      requests.push(
        operation.type === 'win'
          ? {
              path: 'transaction/win',
              body: {
                ...common,
                ...transaction,
                round: reference.round,
                amount: operation.coins * game.unit,
                reference_transaction_uuid: reference.uuid,
                is_free: false,
                round_closed: true,
              },
            }
          : {
              path: 'transaction/rollback',
              body: {
                ...common,
                transaction_uuid: transaction.transaction_uuid,
                game_code: game.gameCode,
                round: reference.round,
                reference_transaction_uuid: reference.uuid,
              },
            },
      );
      transactions.push({ uuid: transaction.transaction_uuid, user: seat.user, round: reference.round, bet: false });
    }
  }
  return requests;
}

interface ModelTransaction {
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  user: string;
  round: string | null;
  coins: number;
  rolledBack: boolean;
  /** The bet a win pays. */
  reference?: string;
}

/** What the wallet must answer: a status, and the player's coins when the answer carries a balance. */
interface ExpectedAnswer {
  status: string;
  coins?: number;
}

export interface ModelRound {
  user: string;
  bet: number;
  win: number;
}

/**
 * The wallet's rules over plain maps, in the order the wallet applies them. `answered` takes each
 * request with the answer it got, in the order of the answers; requests of one player must reach
 * it in the order they were sent (players never share a transaction in the multi-process test,
 * so their order across players does not matter).
 */
export class WalletModel {
  readonly coins: Map<string, number>;
  readonly rounds = new Map<string, ModelRound>();
  private readonly transactions = new Map<string, ModelTransaction>();
  /** Transactions some rollback request has claimed: the wallet keeps one rollback per transaction. */
  private readonly rollbackClaimed = new Set<string>();
  private readonly stored = new Map<string, { body: string; first: WalletAnswer }>();

  constructor(
    startingCoins: ReadonlyMap<string, number>,
    private readonly unit: number,
  ) {
    this.coins = new Map(startingCoins);
  }

  /** Applies the request to the model and says what is wrong with the answer; null when it is right. */
  answered(request: WalletRequest, answer: WalletAnswer): string | null {
    const { path, body } = request;
    const wrong = (problem: string) => `${problem}: ${path} ${JSON.stringify(body)} answered ${JSON.stringify(answer)}`;
    const earlier = this.stored.get(body.request_uuid);
    if (earlier && earlier.body !== canonical(body)) {
      const refused = { request_uuid: body.request_uuid, status: 'RS_ERROR_WRONG_SYNTAX' };
      return canonical(answer) === canonical(refused)
        ? null
        : wrong(`a request_uuid with another body was not refused as ${JSON.stringify(refused)}`);
    }
    if (earlier) {
      return canonical(answer) === canonical(earlier.first)
        ? null
        : wrong(`a repeated request_uuid did not get its first answer ${JSON.stringify(earlier.first)}`);
    }
    const expected = this.apply(request);
    if (path !== 'user/balance') this.stored.set(body.request_uuid, { body: canonical(body), first: answer });
    const wanted = {
      status: expected.status,
      request_uuid: body.request_uuid,
      user: body.user,
      balance: expected.coins === undefined ? undefined : expected.coins * this.unit,
    };
    const got = {
      status: answer.status,
      request_uuid: answer.request_uuid,
      user: answer.user,
      balance: answer.balance,
    };
    return JSON.stringify(got) === JSON.stringify(wanted) ? null : wrong(`expected ${JSON.stringify(wanted)}`);
  }

  private apply({ path, body }: WalletRequest): ExpectedAnswer {
    const user = body.user;
    const balance = () => ({ coins: this.coins.get(user) ?? 0 });
    const ok = () => ({ status: 'RS_OK', ...balance() });
    const uuid = body.transaction_uuid as string;
    const coins = typeof body.amount === 'number' ? body.amount / this.unit : 0;
    const round = typeof body.round === 'string' ? body.round : null;
    switch (path) {
      case 'user/balance':
        return ok();
      case 'transaction/bet': {
        const existing = this.transactions.get(uuid);
        if (existing) {
          const status =
            existing.kind === 'tombstone' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_DUPLICATE_TRANSACTION';
          return { status, ...balance() };
        }
        if (balance().coins < coins) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', ...balance() };
        this.move(user, -coins);
        this.transactions.set(uuid, { kind: 'bet', user, round, coins, rolledBack: false });
        this.addToRound(round, user, coins, 0);
        return ok();
      }
      case 'transaction/win': {
        const reference = this.transactions.get(body.reference_transaction_uuid as string);
        if (!reference || reference.kind === 'rollback' || reference.user !== user)
          return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
        if (reference.kind === 'tombstone' || reference.rolledBack)
          return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
        const existing = this.transactions.get(uuid);
        if (existing) {
          const status =
            existing.kind === 'tombstone' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_DUPLICATE_TRANSACTION';
          return { status, ...balance() };
        }
        this.move(user, coins);
        this.transactions.set(uuid, {
          kind: 'win',
          user,
          round,
          coins,
          rolledBack: false,
          reference: body.reference_transaction_uuid as string,
        });
        this.addToRound(round, user, 0, coins);
        return ok();
      }
      case 'transaction/rollback': {
        if (this.transactions.has(uuid)) return { status: 'RS_ERROR_DUPLICATE_TRANSACTION', ...balance() };
        const referenceUuid = body.reference_transaction_uuid as string;
        // Undone already (or a tombstone laid): answered RS_OK, and this request leaves no row.
        if (this.rollbackClaimed.has(referenceUuid)) return ok();
        const rollback: ModelTransaction = { kind: 'rollback', user, round, coins: 0, rolledBack: false };
        const reference = this.transactions.get(referenceUuid);
        if (!reference) {
          this.transactions.set(uuid, rollback);
          this.transactions.set(referenceUuid, { kind: 'tombstone', user, round, coins: 0, rolledBack: false });
          this.rollbackClaimed.add(referenceUuid);
          return ok();
        }
        if (reference.user !== user || reference.kind === 'rollback')
          return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
        // A bet a win has settled stays booked until that win is rolled back.
        if (reference.kind === 'bet' && this.winStandsOn(referenceUuid))
          return { status: 'RS_ERROR_UNKNOWN', ...balance() };
        const back = reference.kind === 'bet' ? reference.coins : -reference.coins;
        if (balance().coins + back < 0) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', ...balance() };
        this.move(user, back);
        reference.rolledBack = true;
        this.transactions.set(uuid, rollback);
        this.rollbackClaimed.add(referenceUuid);
        this.addToRound(
          reference.round,
          user,
          reference.kind === 'bet' ? -reference.coins : 0,
          reference.kind === 'win' ? -reference.coins : 0,
        );
        return ok();
      }
    }
  }

  private winStandsOn(bet: string): boolean {
    return [...this.transactions.values()].some(
      (transaction) => transaction.kind === 'win' && transaction.reference === bet && !transaction.rolledBack,
    );
  }

  private move(user: string, coins: number): void {
    this.coins.set(user, (this.coins.get(user) ?? 0) + coins);
  }

  private addToRound(round: string | null, user: string, bet: number, win: number): void {
    if (round === null) return;
    const row = this.rounds.get(round) ?? { user, bet: 0, win: 0 };
    this.rounds.set(round, { ...row, bet: row.bet + bet, win: row.win + win });
  }
}

/** JSON with sorted keys: a stored answer comes back from jsonb with its fields in another order. */
function canonical(answer: object): string {
  return JSON.stringify(Object.fromEntries(Object.entries(answer).sort(([a], [b]) => (a < b ? -1 : 1))));
}

export function userIdOfSeat(user: string): number {
  return Number(user.slice('player-'.length));
}

/**
 * After a run: the rounds in game_records are the model's; every player's coins moved by exactly
 * the Σ(win − bet) of their rounds, as the database holds them and as the model predicts; no
 * balance is below zero; the ledger's rules hold.
 */
export async function walletRunViolations(
  db: Database,
  model: WalletModel,
  run: { providerId: string; namespace: string; startingCoins: ReadonlyMap<string, number> },
): Promise<string[]> {
  const violations: string[] = [];
  const rows = await queryRows<{ round: string; user_id: number; bet: string; win: string }>(
    db,
    sql`SELECT round, user_id, bet_amount::text AS bet, win_amount::text AS win FROM game_records
        WHERE provider_id = ${run.providerId} AND starts_with(round, ${`${run.namespace}-`}) ORDER BY round`,
  );
  const stored = Object.fromEntries(
    rows.map((row) => [row.round, { user: `player-${row.user_id}`, bet: Number(row.bet), win: Number(row.win) }]),
  );
  const modelled = Object.fromEntries([...model.rounds].sort(([a], [b]) => (a < b ? -1 : 1)));
  if (JSON.stringify(stored) !== JSON.stringify(modelled))
    violations.push(`game_records ${JSON.stringify(stored)} are not the model's rounds ${JSON.stringify(modelled)}`);
  const net = (rounds: ModelRound[], user: string) =>
    rounds.filter((round) => round.user === user).reduce((sum, round) => sum + round.win - round.bet, 0);
  for (const [user, start] of run.startingCoins) {
    const coins = Number((await balanceOf(db, userIdOfSeat(user), 'COIN')).available);
    const change = {
      coins: coins - start,
      recordedRounds: net(Object.values(stored), user),
      modelledRounds: net([...model.rounds.values()], user),
      modelledCoins: (model.coins.get(user) ?? 0) - start,
    };
    if (new Set(Object.values(change)).size !== 1) violations.push(`${user}: ${JSON.stringify(change)}`);
    if (coins < 0) violations.push(`${user}: ${coins} coins`);
  }
  violations.push(...(await ledgerViolations(db)));
  return violations;
}
