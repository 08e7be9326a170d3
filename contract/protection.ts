// Player protection (docs/requirements.md §18): the limits a player sets on their own play, the
// reality check, time-outs and self-exclusion, and the declaration a family member sends. The
// server checks them where the money moves (the wallet's bet, a deposit), never only on a page.
import * as v from 'valibot';
import { emptyBody, endpoint, isoDateTime, noData } from './endpoint';
import { amount, amountInput, typedAmount } from './money';
import { multiLine, singleLine } from './plain-text';
import { composePhone, phoneInput } from './user';

/** Money limits: yen deposited, coins lost (bets less wins) and coins wagered, per calendar period in Japan time. */
export const moneyLimitKinds = ['deposit', 'loss', 'wager'] as const;
export type MoneyLimitKind = (typeof moneyLimitKinds)[number];

/** A day from midnight, a week from Monday, a month from its first day, all in Japan time. */
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

/** Every limit a player can set: a money limit per period, or the session time limit. */
export const limitKinds = [...moneyLimitKinds, 'session'] as const;
export type LimitKind = (typeof limitKinds)[number];

/** A raised or removed limit applies only this long after it was asked for; a lower one at once. */
export const limitRaiseDelayMs = 24 * 60 * 60 * 1000;

/** A self-exclusion whose period ended opens this long after the player asks. */
export const reopenDelayMs = 24 * 60 * 60 * 1000;

/** The longest session a session limit allows, in minutes (a day). */
export const maxSessionMinutes = 24 * 60;

/** A play session ends after this long without a bet; the next bet starts a new one. */
export const playSessionGapMs = 30 * 60 * 1000;

/** The reality check's choices, in minutes of play; null turns it off. 60 until the player chooses. */
export const realityCheckIntervals = [15, 30, 60] as const;
export type RealityCheckInterval = (typeof realityCheckIntervals)[number];
export const defaultRealityCheckMinutes: RealityCheckInterval = 60;

export const timeOutDurations = ['24h', '7d', '30d', '6w'] as const;
export type TimeOutDuration = (typeof timeOutDurations)[number];

export const selfExclusionDurations = ['6m', '1y', '5y', 'permanent'] as const;
export type SelfExclusionDuration = (typeof selfExclusionDurations)[number];

/** A time-out or a self-exclusion: while one is on, the player can only withdraw and read. */
export const blockKinds = ['timeOut', 'selfExclusion'] as const;
export type BlockKind = (typeof blockKinds)[number];

/** Who set a limit or a block. */
export const protectionSources = ['player', 'family', 'operator'] as const;
export type ProtectionSource = (typeof protectionSources)[number];

/**
 * Why the server refused a bet, a deposit, a launch or a move: the same words in the wallet's answer
 * (`reason` beside RS_ERROR_USER_DISABLED), in the API's refusals and on the pages.
 */
export const protectionRefusals = [
  'timeOut',
  'selfExclusion',
  'depositLimit',
  'lossLimit',
  'wagerLimit',
  'sessionLimit',
] as const;
export type ProtectionRefusal = (typeof protectionRefusals)[number];

const pendingChange = v.object({
  /** The value it becomes; null when the limit is being removed. */
  value: v.nullable(amount),
  appliesAt: isoDateTime,
});

/** One limit as it stands: its value now (null: none yet, only pending), what is used of it, and a pending change. */
const limitState = v.object({
  kind: v.picklist(limitKinds),
  /** null for the session limit. */
  period: v.nullable(v.picklist(limitPeriods)),
  /** Yen for deposits, coins for losses and wagers, minutes for a session. */
  value: v.nullable(amount),
  /** Used in the current period (or the current play session, in minutes). */
  used: amount,
  /** When the period starts over; null for the session limit. */
  resetsAt: v.nullable(isoDateTime),
  pending: v.nullable(pendingChange),
  setBy: v.picklist(protectionSources),
});
export type LimitState = v.InferOutput<typeof limitState>;

const blockState = v.object({
  kind: v.picklist(blockKinds),
  setBy: v.picklist(protectionSources),
  startedAt: isoDateTime,
  /** null: permanent. */
  endsAt: v.nullable(isoDateTime),
  /** A self-exclusion whose period ended, not yet asked to reopen: the player may ask now. */
  canRequestReopen: v.boolean(),
  /** When the account opens again, once the player asked. */
  reopensAt: v.nullable(isoDateTime),
});
export type BlockState = v.InferOutput<typeof blockState>;

export const protectionState = v.object({
  limits: v.array(limitState),
  realityCheckMinutes: v.nullable(v.picklist(realityCheckIntervals)),
  /** null: the player may play and deposit. */
  block: v.nullable(blockState),
});
export type ProtectionState = v.InferOutput<typeof protectionState>;

export const protectionStateQuery = endpoint({
  path: '/v2/app/protection/state',
  access: 'user',
  summary: 'The player’s limits (with what is used and what is pending), reality check and any time-out or exclusion',
  body: emptyBody,
  data: protectionState,
});

const sessionMinutes = v.pipe(
  v.number('validation.limitValue'),
  v.integer('validation.limitValue'),
  v.minValue(1, 'validation.limitValue'),
  v.maxValue(maxSessionMinutes, 'validation.sessionMinutes'),
);

/** A limit to set (a value) or remove (null). */
export const limitChange = v.variant('kind', [
  v.object({
    kind: v.picklist(moneyLimitKinds),
    period: v.picklist(limitPeriods),
    value: v.nullable(v.pipe(amountInput, v.maxValue(1_000_000_000, 'validation.limitValue'))),
  }),
  v.object({ kind: v.literal('session'), value: v.nullable(sessionMinutes) }),
]);
export type LimitChange = v.InferOutput<typeof limitChange>;

export const setProtectionLimit = endpoint({
  path: '/v2/app/protection/limit/set',
  access: 'user',
  summary:
    'Set or remove a limit: a lower one applies at once, a higher one or a removal 24 hours later (shown as pending until then)',
  body: limitChange,
  data: protectionState,
});

export const setRealityCheck = endpoint({
  path: '/v2/app/protection/reality-check/set',
  access: 'user',
  summary: 'Choose the reality check’s interval in minutes of play, or turn it off (null)',
  body: v.object({ minutes: v.nullable(v.picklist(realityCheckIntervals, 'validation.realityCheck')) }),
  data: protectionState,
});

export const startTimeOut = endpoint({
  path: '/v2/app/protection/time-out',
  access: 'user',
  summary: 'Take a break from play and deposits at once; it cannot be ended early',
  body: v.object({ duration: v.picklist(timeOutDurations, 'validation.timeOutDuration') }),
  data: protectionState,
});

export const startSelfExclusion = endpoint({
  path: '/v2/app/protection/self-exclude',
  access: 'user',
  summary:
    'Exclude oneself from play and deposits at once, for a period or for good; it cannot be ended early, and a period that ends opens the account only when the player asks, 24 hours later',
  body: v.object({ duration: v.picklist(selfExclusionDurations, 'validation.selfExclusionDuration') }),
  data: protectionState,
});

export const requestReopen = endpoint({
  path: '/v2/app/protection/reopen',
  access: 'user',
  summary: 'Ask to open the account after a self-exclusion’s period ended: it opens 24 hours later',
  body: emptyBody,
  data: protectionState,
});

/** What the reality check shows: the play since the current play session began. */
export const playSummary = v.object({
  /** null: no play session yet (no bet in the last 30 minutes). */
  startedAt: v.nullable(isoDateTime),
  minutes: amount,
  bets: amount,
  wins: amount,
  /** Wins less bets: negative when the player is down. */
  net: v.pipe(v.number(), v.safeInteger()),
  realityCheckMinutes: v.nullable(v.picklist(realityCheckIntervals)),
});
export type PlaySummary = v.InferOutput<typeof playSummary>;

export const playSummaryQuery = endpoint({
  path: '/v2/app/protection/play-summary',
  access: 'user',
  summary: 'Time played, bets, wins and net result since the current play session began, for the reality check',
  body: emptyBody,
  data: playSummary,
});

export const familyRelationships = ['spouse', 'parent', 'child', 'sibling', 'other'] as const;
export type FamilyRelationship = (typeof familyRelationships)[number];

const text = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message), singleLine);

/** The limits a family member can ask for: monthly deposits and monthly losses. */
export const familyLimitKinds = ['deposit', 'loss'] as const;

const declarantEmail = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.email'),
  v.maxLength(254),
  v.email('validation.email'),
);
const monthlyLimit = v.pipe(amountInput, v.maxValue(1_000_000_000, 'validation.limitValue'));
const familyReason = v.pipe(
  v.string('validation.familyReason'),
  v.trim(),
  v.nonEmpty('validation.familyReason'),
  v.maxLength(2000, 'validation.familyReason'),
  multiLine,
);

/** The family declaration as the form sends it; at least one of the two limits. */
export const familyDeclarationForm = v.pipe(
  v.object({
    /** The player's user name or e-mail address, as the family member knows it. */
    playerAccount: text(254, 'validation.playerAccount'),
    requesterName: text(100, 'validation.requesterName'),
    relationship: v.picklist(familyRelationships, 'validation.relationship'),
    email: declarantEmail,
    phone: phoneInput,
    depositMonthly: v.nullable(monthlyLimit),
    lossMonthly: v.nullable(monthlyLimit),
    reason: familyReason,
  }),
  v.forward(
    v.check((form) => form.depositMonthly !== null || form.lossMonthly !== null, 'validation.familyLimitRequired'),
    ['depositMonthly'],
  ),
);
export type FamilyDeclarationForm = v.InferOutput<typeof familyDeclarationForm>;

export const sendFamilyDeclaration = endpoint({
  path: '/v2/app/protection/family-declaration',
  access: 'public',
  summary:
    'A family member asks for monthly limits on a player; the desk reviews it and the player is told by letter (the answer is the same whether or not the account exists)',
  body: familyDeclarationForm,
  data: noData,
});

/** The family declaration's form as typed: the phone as a dialling code and a number, the limits as text. */
export interface FamilyDeclarationFormValues {
  playerAccount: string;
  requesterName: string;
  /** null until a relationship is chosen. */
  relationship: string | null;
  email: string;
  /** null until a dialling code is chosen. */
  dialCode: string | null;
  nationalNumber: string;
  depositMonthly: string;
  lossMonthly: string;
  reason: string;
}

/** A monthly limit as typed: blank asks for none, otherwise whole yen or coins (commas, full-width digits). */
const typedMonthlyLimit = v.pipe(
  v.string(),
  v.trim(),
  v.transform((text) => (text === '' ? null : text)),
  v.nullable(v.pipe(typedAmount, v.maxValue(1_000_000_000, 'validation.limitValue'))),
);

/**
 * The family declaration's form: the fields of `familyDeclarationForm` as they are typed, the phone
 * composed from its dialling code and number (as the account settings compose it). Its output is
 * the call's body.
 */
export const familyDeclarationInput = v.pipe(
  v.object({
    playerAccount: text(254, 'validation.playerAccount'),
    requesterName: text(100, 'validation.requesterName'),
    relationship: v.picklist(familyRelationships, 'validation.relationship'),
    email: declarantEmail,
    dialCode: v.pipe(v.nullable(v.string(), ''), v.trim(), v.nonEmpty('validation.dialCode')),
    nationalNumber: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.phone')),
    depositMonthly: typedMonthlyLimit,
    lossMonthly: typedMonthlyLimit,
    reason: familyReason,
  }),
  v.forward(
    v.partialCheck(
      [['dialCode'], ['nationalNumber']],
      ({ dialCode, nationalNumber }) => v.is(phoneInput, composePhone(dialCode, nationalNumber)),
      'validation.phone',
    ),
    ['nationalNumber'],
  ),
  v.forward(
    v.partialCheck(
      [['depositMonthly'], ['lossMonthly']],
      (form) => form.depositMonthly !== null || form.lossMonthly !== null,
      'validation.familyLimitRequired',
    ),
    ['depositMonthly'],
  ),
  v.transform(
    ({ dialCode, nationalNumber, ...rest }): FamilyDeclarationForm => ({
      ...rest,
      phone: composePhone(dialCode, nationalNumber),
    }),
  ),
);
