import type { ParsedBodyOf } from '@contract/endpoint';
import {
  type adminPayoutRuleUpdate,
  type PayoutApproval,
  type PayoutFlag,
  type PayoutRule,
  type PayoutRuleKey,
  payoutRuleKeys,
  sharedSignInLookbackDays,
  type WithdrawalRisk,
} from '@contract/withdrawal-risk';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { signIns, users } from '@server/db/schema/auth';
import { bankCards } from '@server/db/schema/bank';
import { cryptoDepositAddresses } from '@server/db/schema/crypto';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '@server/db/schema/ledger';
import { gameRecords } from '@server/db/schema/record';
import { payoutRules, withdrawals } from '@server/db/schema/withdrawal';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { and, desc, eq, gt, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { kycStatusOf } from '../user/public';
import type { WithdrawalRow } from './withdrawal-rows';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
/** The sign-ins the desk lists beside a payout. */
const recentSignInCount = 10;

export type PayoutRuleSettings = Record<PayoutRuleKey, { enabled: boolean; threshold: number }>;

export async function payoutRuleSettings(db: Database): Promise<PayoutRuleSettings> {
  const rows = await db.select().from(payoutRules);
  const settings = Object.fromEntries(
    rows.map((row) => [row.rule, { enabled: row.enabled, threshold: row.threshold }]),
  );
  for (const rule of payoutRuleKeys) if (!settings[rule]) throw new Error(`payout rule ${rule} is not seeded`);
  return settings as PayoutRuleSettings;
}

/** Two approvals when four eyes is on and the amount is at or over its threshold. */
export function approvalsRequired(rules: PayoutRuleSettings, amount: number): 1 | 2 {
  return rules.fourEyes.enabled && amount >= rules.fourEyes.threshold ? 2 : 1;
}

export async function payoutRuleList(db: Database): Promise<PayoutRule[]> {
  const rows = await db
    .select({ rule: payoutRules, account: users.username })
    .from(payoutRules)
    .leftJoin(users, eq(users.id, payoutRules.updatedBy));
  const order = (rule: PayoutRuleKey) => payoutRuleKeys.indexOf(rule);
  return rows
    .sort((a, b) => order(a.rule.rule) - order(b.rule.rule))
    .map(({ rule, account }) => ({
      rule: rule.rule,
      enabled: rule.enabled,
      threshold: rule.threshold,
      updatedAt: rule.updatedAt.toISOString(),
      updatedBy: rule.updatedBy !== null && account !== null ? { userId: rule.updatedBy, account } : null,
    }));
}

export async function updatePayoutRule(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminPayoutRuleUpdate>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [before] = await tx.select().from(payoutRules).where(eq(payoutRules.rule, body.rule)).for('update');
    if (!before) throw new Error(`payout rule ${body.rule} is not seeded`);
    await tx
      .update(payoutRules)
      .set({ enabled: body.enabled, threshold: body.threshold, updatedAt: now, updatedBy: operator.userId })
      .where(eq(payoutRules.rule, body.rule));
    const state = (rule: { enabled: boolean; threshold: number }) => `${rule.enabled ? 'on' : 'off'} ${rule.threshold}`;
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'payoutRule.update',
      subject: `payoutRule:${body.rule}`,
      reason: `${body.reason} (${state(before)} → ${state(body)})`,
    });
  });
  return null;
}

type Account = { userId: number; account: string; email: string };

async function accountsOf(db: Database, userIds: number[]): Promise<Account[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, account: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(users.id);
  return rows.map((row) => ({ ...row, email: row.email ?? '' }));
}

/** Other accounts whose bank cards (bound now or before) or withdrawals name the same bank account. */
async function sharingBankAccount(db: Database, row: WithdrawalRow): Promise<number[]> {
  if (row.method !== 'bank' || !row.bankCode || !row.branchCode || !row.accountNumber) return [];
  const cards = await db
    .selectDistinct({ userId: bankCards.userId })
    .from(bankCards)
    .where(
      and(
        eq(bankCards.bankCode, row.bankCode),
        eq(bankCards.branchCode, row.branchCode),
        eq(bankCards.cardNumber, row.accountNumber),
        ne(bankCards.userId, row.userId),
      ),
    );
  return cards.map((card) => card.userId);
}

/** Other accounts that withdrew to this address, or were given it to deposit to. */
async function sharingCryptoAddress(db: Database, row: WithdrawalRow): Promise<number[]> {
  if (row.method !== 'crypto' || !row.address || !row.network) return [];
  const [paidTo, depositedTo] = await Promise.all([
    db
      .selectDistinct({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.method, 'crypto'),
          eq(withdrawals.address, row.address),
          eq(withdrawals.network, row.network),
          ne(withdrawals.userId, row.userId),
        ),
      ),
    db
      .selectDistinct({ userId: cryptoDepositAddresses.userId })
      .from(cryptoDepositAddresses)
      .where(
        and(
          eq(cryptoDepositAddresses.address, row.address),
          eq(cryptoDepositAddresses.network, row.network),
          ne(cryptoDepositAddresses.userId, row.userId),
        ),
      ),
  ]);
  return [...new Set([...paidTo, ...depositedTo].map((found) => found.userId))];
}

/**
 * Other accounts that signed in from one of the player's addresses (or devices) within the
 * lookback. A sign-in without a device cookie (an app's) has an empty device and matches nothing.
 */
async function sharingSignIns(
  db: Database,
  row: WithdrawalRow,
  column: 'clientAddress' | 'deviceId',
): Promise<Map<string, number[]>> {
  const mine = signIns;
  const theirs = alias(signIns, 'theirs');
  const since = new Date(row.createdAt.getTime() - sharedSignInLookbackDays * dayMs);
  const found = await db
    .selectDistinct({ shared: mine[column], userId: theirs.userId })
    .from(mine)
    .innerJoin(theirs, and(eq(theirs[column], mine[column]), ne(theirs.userId, mine.userId)))
    .where(
      and(
        eq(mine.userId, row.userId),
        ne(mine[column], ''),
        gt(mine.at, since),
        gt(theirs.at, since),
        lte(theirs.at, row.createdAt),
      ),
    );
  const byValue = new Map<string, number[]>();
  for (const { shared, userId } of found) byValue.set(shared, [...(byValue.get(shared) ?? []), userId]);
  return byValue;
}

/** The player's previous withdrawal that went ahead or still waits (a rejected or cancelled one does not count). */
async function previousWithdrawalAt(db: Database, row: WithdrawalRow): Promise<Date | null> {
  const [previous] = await db
    .select({ createdAt: withdrawals.createdAt })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, row.userId),
        lt(withdrawals.createdAt, row.createdAt),
        inArray(withdrawals.status, ['withdrawalReview', 'withdrawing', 'withdrawalSuccessful']),
      ),
    )
    .orderBy(desc(withdrawals.createdAt))
    .limit(1);
  return previous?.createdAt ?? null;
}

/** Coins deposited to the player (every channel: the ledger's deposit transfers) in (since, until]. */
async function depositedBetween(db: Database, userId: number, since: Date | null, until: Date): Promise<number> {
  const [total] = await db
    .select({ coins: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, coinCurrency),
        eq(ledgerTransfers.kind, 'deposit'),
        gt(ledgerEntries.amount, 0n),
        since ? gt(ledgerEntries.createdAt, since) : undefined,
        lte(ledgerEntries.createdAt, until),
      ),
    );
  return Number(total?.coins ?? 0);
}

async function turnoverBetween(db: Database, userId: number, since: Date | null, until: Date): Promise<number> {
  const [total] = await db
    .select({ coins: sql<string>`coalesce(sum(${gameRecords.betAmount}), 0)::text` })
    .from(gameRecords)
    .where(
      and(
        eq(gameRecords.userId, userId),
        since ? gt(gameRecords.playedAt, since) : undefined,
        lte(gameRecords.playedAt, until),
      ),
    );
  return Number(total?.coins ?? 0);
}

async function paidWithdrawals(db: Database, row: WithdrawalRow): Promise<{ count: number; averageAmount: number }> {
  const [paid] = await db
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<string>`coalesce(round(avg(${withdrawals.amount})), 0)::text`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, row.userId),
        eq(withdrawals.status, 'withdrawalSuccessful'),
        lt(withdrawals.createdAt, row.createdAt),
      ),
    );
  return { count: paid?.count ?? 0, averageAmount: Number(paid?.average ?? 0) };
}

async function bankCardAgeHours(db: Database, row: WithdrawalRow): Promise<number | null> {
  if (row.method !== 'bank' || row.bankCardId === null) return null;
  const [card] = await db
    .select({ createdAt: bankCards.createdAt })
    .from(bankCards)
    .where(eq(bankCards.id, row.bankCardId));
  return card ? Math.floor((row.createdAt.getTime() - card.createdAt.getTime()) / hourMs) : null;
}

async function firstApprovalOf(db: Database, row: WithdrawalRow): Promise<PayoutApproval['first']> {
  if (row.firstApprovedBy === null || row.firstApprovedAt === null) return null;
  const [operator] = await db.select({ account: users.username }).from(users).where(eq(users.id, row.firstApprovedBy));
  return { userId: row.firstApprovedBy, account: operator?.account ?? '', at: row.firstApprovedAt.toISOString() };
}

/**
 * The flags the enabled rules raise on a withdrawal, each with what was measured against the
 * rule's threshold and the other accounts involved. Money, play and sign-ins are counted up to the
 * request's own time, so they judge what was known when it was asked for; a shared bank account or
 * crypto address is judged as it stands, since another account taking it later matters as much.
 */
async function flagsOf(
  db: Database,
  row: WithdrawalRow,
  rules: PayoutRuleSettings,
  measured: { depositsSince: number; turnoverSince: number; averagePaid: number; paidCount: number },
  shared: { addresses: Map<string, number[]>; devices: Map<string, number[]> },
): Promise<PayoutFlag[]> {
  const flags: PayoutFlag[] = [];
  const raise = async (rule: PayoutFlag['rule'], observed: number, userIds: number[] = []) => {
    flags.push({ rule, threshold: rules[rule].threshold, observed, accounts: await accountsOf(db, userIds) });
  };
  const sharedAccounts = async (rule: PayoutFlag['rule'], userIds: number[]) => {
    const unique = [...new Set(userIds)];
    if (rules[rule].enabled && unique.length >= rules[rule].threshold) await raise(rule, unique.length, unique);
  };
  await sharedAccounts('sharedBankAccount', await sharingBankAccount(db, row));
  await sharedAccounts('sharedCryptoAddress', await sharingCryptoAddress(db, row));
  await sharedAccounts('sharedClientAddress', [...shared.addresses.values()].flat());
  await sharedAccounts('sharedDevice', [...shared.devices.values()].flat());
  if (rules.littlePlay.enabled && measured.depositsSince > 0) {
    const playedPercent = Math.floor((measured.turnoverSince * 100) / measured.depositsSince);
    if (playedPercent < rules.littlePlay.threshold) await raise('littlePlay', playedPercent);
  }
  if (rules.unusualAmount.enabled && measured.paidCount > 0 && measured.averagePaid > 0) {
    const percentOfUsual = Math.floor((row.amount * 100) / measured.averagePaid);
    if (percentOfUsual > rules.unusualAmount.threshold) await raise('unusualAmount', percentOfUsual);
  }
  const cardAge = await bankCardAgeHours(db, row);
  if (rules.newBankCard.enabled && cardAge !== null && cardAge < rules.newBankCard.threshold) {
    await raise('newBankCard', cardAge);
  }
  return flags;
}

/** A withdrawal judged in full: the context the desk shows beside it and the rules' flags. */
export async function assessWithdrawal(
  db: Database,
  row: WithdrawalRow,
  rules: PayoutRuleSettings,
): Promise<WithdrawalRisk> {
  const since = await previousWithdrawalAt(db, row);
  const [depositsSince, turnoverSince, paid, addresses, devices, player, kycStatus, recent, first] = await Promise.all([
    depositedBetween(db, row.userId, since, row.createdAt),
    turnoverBetween(db, row.userId, since, row.createdAt),
    paidWithdrawals(db, row),
    sharingSignIns(db, row, 'clientAddress'),
    sharingSignIns(db, row, 'deviceId'),
    db.select({ registeredAt: users.registeredAt }).from(users).where(eq(users.id, row.userId)),
    kycStatusOf(db, row.userId),
    db
      .select()
      .from(signIns)
      .where(eq(signIns.userId, row.userId))
      .orderBy(desc(signIns.at), desc(signIns.id))
      .limit(recentSignInCount),
    firstApprovalOf(db, row),
  ]);
  const flags = await flagsOf(
    db,
    row,
    rules,
    { depositsSince, turnoverSince, averagePaid: paid.averageAmount, paidCount: paid.count },
    { addresses, devices },
  );
  return {
    orderSn: row.orderSn,
    since: since?.toISOString() ?? null,
    depositsSince,
    turnoverSince,
    kycStatus,
    registeredAt: (player[0]?.registeredAt ?? row.createdAt).toISOString(),
    paidWithdrawals: paid,
    signIns: recent.map((signIn) => ({
      at: signIn.at.toISOString(),
      clientAddress: signIn.clientAddress,
      userAgent: signIn.userAgent,
      otherAccountsAtAddress: addresses.get(signIn.clientAddress)?.length ?? 0,
      otherAccountsOnDevice: devices.get(signIn.deviceId)?.length ?? 0,
    })),
    flags,
    approval: { required: approvalsRequired(rules, row.amount), first },
  };
}

export async function withdrawalRiskOf(deps: PlayerDeps, orderSn: string): Promise<WithdrawalRisk> {
  const [row] = await deps.db.select().from(withdrawals).where(eq(withdrawals.orderSn, orderSn));
  if (!row) throw new ApiError(404, 'draw.withdrawalNotFound');
  return assessWithdrawal(deps.db, row, await payoutRuleSettings(deps.db));
}
