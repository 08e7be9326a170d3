import * as v from 'valibot';
import { promotion } from './content';
import { endpoint, rowId } from './endpoint';

/*
 * Bonuses (docs/requirements.md §21): money of its own kind, kept in the player's bonus account
 * beside their coins until its wagering is met.
 */

const coins = (max: number) => v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(max));
const percent = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500));
/** A title's share of a stake that counts towards wagering, in percent; titles not listed count 100 %. */
const gameWeights = v.record(
  v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,64}$/)),
  v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
);

/** What every bonus asks before it becomes cash. */
const wageringTerms = {
  /** The bonus times this must be staked (weighted by title) before it is released; 0 releases it at once. */
  wagerMultiple: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  /** The largest stake of one bet while the bonus is being wagered. */
  maxStake: coins(10_000_000),
  /** Days from the grant until an unmet bonus is forfeited. */
  expiresInDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(90)),
  gameWeights: v.optional(gameWeights, {}),
};

/** Bonus kinds as the desk configures them on a promotion. */
export const bonusTerms = v.variant('kind', [
  v.object({
    kind: v.literal('depositMatch'),
    /** The bonus is this share of the qualifying deposit's coins, up to `cap`. */
    percent,
    cap: coins(100_000_000),
    minDeposit: coins(100_000_000),
    /** Which deposit qualifies: the player's first, or every n-th (the n-th, 2n-th, …; 1 is every one). */
    qualifies: v.variant('rule', [
      v.object({ rule: v.literal('first') }),
      v.object({ rule: v.literal('everyNth'), n: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)) }),
    ]),
    ...wageringTerms,
  }),
  v.object({ kind: v.literal('gift'), coins: coins(100_000_000), ...wageringTerms }),
]);
export type BonusTerms = v.InferOutput<typeof bonusTerms>;
export type BonusKind = BonusTerms['kind'];

/**
 * awaitingDeposit: opted in to a deposit match, waiting for the deposit that qualifies. active: the
 * bonus is being wagered. Then released (its balance became coins), forfeited (given up by a
 * withdrawal the player confirmed) or expired (its time ran out unmet, or the offer ended unclaimed).
 */
export const bonusStatuses = ['awaitingDeposit', 'active', 'released', 'forfeited', 'expired'] as const;
export type BonusStatus = (typeof bonusStatuses)[number];

export const promotionDetail = endpoint({
  path: '/v2/app/favorable/detail',
  access: 'public',
  summary: 'One promotion: its terms in the reader’s language and, where it offers a bonus, the bonus’s terms',
  body: v.object({ id: rowId('validation.invalid') }),
  data: v.intersect([promotion, v.object({ offer: v.nullable(bonusTerms) })]),
});
