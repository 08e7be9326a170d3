// What the desk judges a payout by: the player's money and play since their last withdrawal, their
// identity and sign-ins, and the flags the desk's rules raise, each naming its rule. Above the
// four-eyes threshold a payout takes two approvals by two different operators.
import * as v from 'valibot';
import { userRef } from './admin';
import { deskRoles } from './admin-roles';
import { emptyBody, endpoint, isoDateTime, noData } from './endpoint';
import { kycStatuses } from './kyc';
import { amount, orderSnInput, reasonInput } from './money';

/**
 * The flag rules. Shared destinations and sign-ins count other accounts; `littlePlay` compares
 * the turnover since the last withdrawal with the deposits since then; `unusualAmount` compares the
 * amount with the player's average paid withdrawal; `newBankCard` is the card's age at request.
 */
export const payoutFlagRules = [
  'sharedBankAccount',
  'sharedCryptoAddress',
  'sharedClientAddress',
  'sharedDevice',
  'littlePlay',
  'unusualAmount',
  'newBankCard',
] as const;
export type PayoutFlagRule = (typeof payoutFlagRules)[number];

/** Every rule the desk sets: the flag rules and the four-eyes threshold. */
export const payoutRuleKeys = [...payoutFlagRules, 'fourEyes'] as const;
export type PayoutRuleKey = (typeof payoutRuleKeys)[number];

/** What a rule's threshold counts, so the desk labels the number it asks for. */
export const payoutRuleUnits = {
  sharedBankAccount: 'accounts',
  sharedCryptoAddress: 'accounts',
  sharedClientAddress: 'accounts',
  sharedDevice: 'accounts',
  littlePlay: 'percent',
  unusualAmount: 'percent',
  newBankCard: 'hours',
  fourEyes: 'coins',
} as const satisfies Record<PayoutRuleKey, string>;

/** Sign-ins older than this before the request do not count towards a shared address or device. */
export const sharedSignInLookbackDays = 90;

const payoutRule = v.object({
  rule: v.picklist(payoutRuleKeys),
  enabled: v.boolean(),
  threshold: amount,
  updatedAt: isoDateTime,
  updatedBy: v.nullable(v.object({ userId: v.number(), account: v.string() })),
});
export type PayoutRule = v.InferOutput<typeof payoutRule>;

export const payoutRuleThreshold = v.pipe(
  v.number('validation.threshold'),
  v.safeInteger('validation.threshold'),
  v.minValue(1, 'validation.threshold'),
  v.maxValue(1_000_000_000_000, 'validation.threshold'),
);

/** The desk's form for one rule: the threshold typed as digits. */
export const payoutRuleForm = v.object({
  enabled: v.boolean(),
  threshold: v.pipe(
    v.string(),
    v.transform((text) => text.normalize('NFKC').replace(/[,\s]/g, '')),
    v.regex(/^\d{1,13}$/, 'validation.threshold'),
    v.transform(Number),
    payoutRuleThreshold,
  ),
  reason: reasonInput,
});

export const adminPayoutRuleList = endpoint({
  path: '/v2/admin/withdrawal/rules',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary: 'The payout rules: each flag rule on or off with its threshold, and the four-eyes threshold',
  body: emptyBody,
  data: v.array(payoutRule),
});

export const adminPayoutRuleUpdate = endpoint({
  path: '/v2/admin/withdrawal/rules/update',
  access: 'admin',
  roles: deskRoles.administration,
  summary: 'Switch a payout rule on or off and set its threshold, with the reason (audited)',
  body: v.object({
    rule: v.picklist(payoutRuleKeys, 'validation.rule'),
    enabled: v.boolean(),
    threshold: payoutRuleThreshold,
    reason: reasonInput,
  }),
  data: noData,
});

/** One raised flag: the rule, what was measured against its threshold, and the other accounts involved. */
const payoutFlag = v.object({
  rule: v.picklist(payoutFlagRules),
  threshold: amount,
  observed: amount,
  accounts: v.array(userRef),
});
export type PayoutFlag = v.InferOutput<typeof payoutFlag>;

/** Who gave the first of two approvals, and when. */
export const firstApproval = v.nullable(v.object({ userId: v.number(), account: v.string(), at: isoDateTime }));

/** A payout's approvals: how many it takes (2 at or over the four-eyes threshold) and the first one given. */
export const payoutApproval = v.object({ required: v.picklist([1, 2]), first: firstApproval });
export type PayoutApproval = v.InferOutput<typeof payoutApproval>;

const signIn = v.object({
  at: isoDateTime,
  clientAddress: v.string(),
  userAgent: v.string(),
  /** Other accounts seen at this address or on this device within the lookback. */
  otherAccountsAtAddress: v.number(),
  otherAccountsOnDevice: v.number(),
});

export const withdrawalRisk = v.object({
  orderSn: v.string(),
  /** When the player's previous withdrawal was requested; null for their first. */
  since: v.nullable(isoDateTime),
  depositsSince: amount,
  turnoverSince: amount,
  kycStatus: v.picklist(kycStatuses),
  registeredAt: isoDateTime,
  paidWithdrawals: v.object({ count: v.number(), averageAmount: amount }),
  signIns: v.array(signIn),
  flags: v.array(payoutFlag),
  approval: payoutApproval,
});
export type WithdrawalRisk = v.InferOutput<typeof withdrawalRisk>;

export const adminWithdrawalRisk = endpoint({
  path: '/v2/admin/withdrawal/risk',
  access: 'admin',
  roles: deskRoles.moneyRead,
  summary:
    "A withdrawal's risk context: deposits and turnover since the previous withdrawal, identity, sign-ins, account age, the rules' flags and its approvals",
  body: v.object({ orderSn: orderSnInput }),
  data: withdrawalRisk,
});
