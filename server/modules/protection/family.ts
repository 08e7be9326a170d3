/**
 * The family declaration (家族申告): a family member asks, with their own contact details, for
 * monthly limits on a player; the desk reviews it, and an approved one applies as the player's own
 * limits would, with a letter to the player.
 */

import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { sendFamilyDeclaration } from '@contract/protection';
import type {
  adminFamilyApprove,
  adminFamilyDeclarations,
  adminFamilyReject,
  FamilyDeclarationItem,
} from '@contract/protection-desk';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { familyDeclarations } from '@server/db/schema/protection';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { countAttempt, type RateLimitRule } from '@server/shared/rate-limit';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type ChangeOrigin, changeLimit } from './changes';

/** Declarations one client address may send: enough for a family, too few to flood the desk. */
export const familyDeclarationLimit: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

/** The player the declaration names, by user name or e-mail address, when there is one. */
async function playerNamed(db: Database, account: string): Promise<number | null> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'player'),
        or(sql`lower(${users.username}) = lower(${account})`, sql`lower(${users.email}) = lower(${account})`),
      ),
    )
    .limit(1);
  return found?.id ?? null;
}

/** Stores the declaration for review; the answer is the same whether or not the account exists. */
export async function sendDeclaration(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof sendFamilyDeclaration>,
): Promise<null> {
  const now = deps.clock.now();
  await countAttempt(deps.db, `familyDeclaration:address:${request.clientAddress}`, familyDeclarationLimit, now);
  const userId = await playerNamed(deps.db, body.playerAccount);
  await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(familyDeclarations)
      .values({ ...body, userId, status: 'pendingReview', submittedAt: now, clientAddress: request.clientAddress })
      .returning({ id: familyDeclarations.id });
    await writeAudit(tx, request, {
      at: now,
      actor: 'anonymous',
      action: 'protection.familyDeclaration',
      subject: userId ? `user:${userId}` : `familyDeclaration:${stored?.id}`,
      reason: `family declaration ${stored?.id} by ${body.relationship}`,
    });
  });
  return null;
}

type DeclarationRow = typeof familyDeclarations.$inferSelect;

function declarationView(
  row: DeclarationRow,
  user: { id: number; username: string; email: string | null } | null,
): FamilyDeclarationItem {
  return {
    id: row.id,
    status: row.status,
    user: user ? { userId: user.id, account: user.username, email: user.email ?? '' } : null,
    playerAccount: row.playerAccount,
    requesterName: row.requesterName,
    relationship: row.relationship,
    email: row.email,
    phone: row.phone,
    depositMonthly: row.depositMonthly,
    lossMonthly: row.lossMonthly,
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
  };
}

export async function declarationQueue(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminFamilyDeclarations>,
): Promise<DataOf<typeof adminFamilyDeclarations>> {
  const conditions: SQL[] = [eq(familyDeclarations.status, body.status)];
  if (body.keyword) {
    const pattern = `%${body.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      or(
        ilike(familyDeclarations.playerAccount, pattern),
        ilike(familyDeclarations.requesterName, pattern),
        ilike(familyDeclarations.email, pattern),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const page = await onePage(
    body,
    deps.db
      .select({
        row: familyDeclarations,
        user: { id: users.id, username: users.username, email: users.email },
      })
      .from(familyDeclarations)
      .leftJoin(users, eq(users.id, familyDeclarations.userId))
      .where(where)
      .orderBy(asc(familyDeclarations.submittedAt), asc(familyDeclarations.id)),
    deps.db.select({ total: count() }).from(familyDeclarations).where(where),
  );
  return { total: page.total, list: page.list.map(({ row, user }) => declarationView(row, user)) };
}

/** Claims a declaration waiting for review, or refuses: unknown 404, already reviewed 409. */
async function claimDeclaration(
  tx: Database,
  operator: Principal,
  declarationId: number,
  outcome: { status: 'approved' | 'rejected'; note: string | null; now: Date },
): Promise<DeclarationRow> {
  const [claimed] = await tx
    .update(familyDeclarations)
    .set({ status: outcome.status, reviewedAt: outcome.now, reviewedBy: operator.userId, reviewNote: outcome.note })
    .where(and(eq(familyDeclarations.id, declarationId), eq(familyDeclarations.status, 'pendingReview')))
    .returning();
  if (claimed) return claimed;
  const [found] = await tx
    .select({ id: familyDeclarations.id })
    .from(familyDeclarations)
    .where(eq(familyDeclarations.id, declarationId));
  throw found
    ? new ApiError(409, 'protection.declarationReviewed')
    : new ApiError(404, 'protection.declarationNotFound');
}

export async function approveDeclaration(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminFamilyApprove>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await claimDeclaration(tx, operator, body.declarationId, {
      status: 'approved',
      note: body.remark ?? null,
      now,
    });
    if (row.userId === null) throw new ApiError(422, 'protection.declarationNoAccount');
    if (row.userId === operator.userId) throw new ApiError(403, 'admin.ownRecord');
    const origin: ChangeOrigin = {
      actor: actorOfUser(operator.userId),
      source: 'family',
      clientAddress: request.clientAddress,
      requestId: request.requestId,
      reason: `family declaration ${row.id}`,
    };
    if (row.depositMonthly !== null) {
      await changeLimit(tx, deps, origin, row.userId, { kind: 'deposit', period: 'month', value: row.depositMonthly });
    }
    if (row.lossMonthly !== null) {
      await changeLimit(tx, deps, origin, row.userId, { kind: 'loss', period: 'month', value: row.lossMonthly });
    }
    await deps.letters.send(tx, {
      userId: row.userId,
      kind: 'protectionFamily',
      subject: `familyDeclaration:${row.id}`,
      params: {},
    });
  });
  return null;
}

export async function rejectDeclaration(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminFamilyReject>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await claimDeclaration(tx, operator, body.declarationId, {
      status: 'rejected',
      note: body.reason,
      now,
    });
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'protection.familyReject',
      subject: row.userId ? `user:${row.userId}` : `familyDeclaration:${row.id}`,
      reason: `family declaration ${row.id}: ${body.reason}`,
    });
  });
  return null;
}
