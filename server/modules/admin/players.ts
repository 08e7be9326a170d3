import type { adminUserFreeze, adminUserSearch, adminUserUnfreeze, UserSummary } from '@contract/admin';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { KycStatus } from '@contract/kyc';
import type { adminUserLedger } from '@contract/ledger';
import type { Principal } from '@server/contract-router';
import { users } from '@server/db/schema/auth';
import { kycSubmissions } from '@server/db/schema/kyc';
import { ledgerAccounts } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { playerKeywordCondition } from '@server/shared/player-search';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { findUserById } from '../auth/public';
import { balanceOf, findAccount, playerAccount } from '../ledger/public';
import { playerStatement } from './player-statement';

export async function searchPlayers(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminUserSearch>,
): Promise<DataOf<typeof adminUserSearch>> {
  // Operators are users too, but not players: the list, its count and its searches leave them out.
  const conditions: SQL[] = [eq(users.role, 'player')];
  if (body.keyword) conditions.push(playerKeywordCondition(body.keyword));
  if (body.userId) conditions.push(eq(users.id, body.userId));
  if (body.status) conditions.push(eq(users.frozen, body.status === 'frozen'));
  if (body.period) {
    const { from, to } = periodBounds(body.period);
    conditions.push(gte(users.registeredAt, from), lt(users.registeredAt, to));
  }
  const where = and(...conditions);
  const latestKycStatus = sql<KycStatus | null>`(
    select ${kycSubmissions.status} from ${kycSubmissions}
    where ${kycSubmissions.userId} = ${users.id} order by ${kycSubmissions.id} desc limit 1)`;
  const page = await onePage(
    body,
    deps.db
      .select({ user: users, balance: ledgerAccounts.balance, kycStatus: latestKycStatus })
      .from(users)
      .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.currency, coinCurrency)))
      .where(where)
      .orderBy(desc(users.id)),
    deps.db.select({ total: count() }).from(users).where(where),
  );
  return {
    total: page.total,
    list: page.list.map(
      ({ user, balance, kycStatus }): UserSummary => ({
        userId: user.id,
        account: user.username,
        email: user.email ?? '',
        nickname: user.nickname,
        status: user.frozen ? 'frozen' : 'active',
        isAgent: user.isAgent,
        kycStatus: kycStatus ?? 'notSubmitted',
        balance: Number(balance ?? 0n),
        registeredAt: user.registeredAt.toISOString(),
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      }),
    ),
  };
}

/**
 * Freezing takes effect on the player's next call: the session resolver answers 402 for a frozen
 * account, and sign-in refuses it. Operators cannot freeze themselves or one another.
 */
async function setFrozen(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminUserFreeze>,
  frozen: boolean,
): Promise<null> {
  if (body.userId === operator.userId) throw new ApiError(403, 'admin.ownRecord');
  await deps.db.transaction(async (tx) => {
    const found = await findUserById(tx, body.userId);
    if (!found) throw new ApiError(404, 'admin.userNotFound');
    if (found.role === 'operator') throw new ApiError(403, 'admin.operatorAccount');
    const [changed] = await tx
      .update(users)
      .set({ frozen })
      .where(and(eq(users.id, body.userId), eq(users.frozen, !frozen)))
      .returning({ id: users.id });
    if (!changed) throw new ApiError(409, frozen ? 'admin.alreadyFrozen' : 'admin.notFrozen');
    await writeAudit(tx, request, {
      at: deps.clock.now(),
      actor: actorOfUser(operator.userId),
      action: frozen ? 'user.freeze' : 'user.unfreeze',
      subject: actorOfUser(body.userId),
      reason: body.reason,
    });
  });
  return null;
}

export function freezePlayer(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminUserFreeze>,
) {
  return setFrozen(deps, request, operator, body, true);
}

export function unfreezePlayer(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminUserUnfreeze>,
) {
  return setFrozen(deps, request, operator, body, false);
}

/**
 * A player's coin statement, newest first, with the balance after each entry and the amount now
 * held by withdrawals under review. Reading it is audited: it is a player's financial record.
 */
export async function playerLedger(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminUserLedger>,
): Promise<DataOf<typeof adminUserLedger>> {
  const player = await findUserById(deps.db, body.userId);
  if (!player) throw new ApiError(404, 'admin.userNotFound');
  const bounds = body.period ? periodBounds(body.period) : null;
  const account = await findAccount(deps.db, playerAccount(player.id, coinCurrency));
  const statement = account
    ? await playerStatement(
        deps.db,
        { userId: player.id, accountId: account.id },
        {
          page: body.pageNum,
          size: body.pageSize,
          ...(bounds ? { from: bounds.from, to: bounds.to } : {}),
          ...(body.kind ? { kind: body.kind } : {}),
        },
      )
    : { total: 0, list: [] };
  const balance = await balanceOf(deps.db, player.id, coinCurrency);
  await writeAudit(deps.db, request, {
    at: deps.clock.now(),
    actor: actorOfUser(operator.userId),
    action: 'user.ledgerView',
    subject: actorOfUser(player.id),
  });
  return { ...statement, balance: Number(balance.balance), heldAmount: Number(balance.held) };
}
