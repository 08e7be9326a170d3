import type {
  adminOperatorAuthenticatorReset,
  adminOperatorCreate,
  adminOperatorDisable,
  adminOperatorList,
  adminOperatorRolesSet,
} from '@contract/admin-operators';
import type { OperatorRole } from '@contract/admin-roles';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { operatorCredentials } from '@server/db/schema/admin';
import { users } from '@server/db/schema/auth';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { newTotpSecret, totpUrl } from '@server/shared/totp';
import { and, arrayContains, asc, count, eq, or } from 'drizzle-orm';
import { endUserSessions } from '../auth/public';
import { OperatorSetupError, setUpOperator } from './operator-accounts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The operators, by account name. */
export async function listOperators(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminOperatorList>,
): Promise<DataOf<typeof adminOperatorList>> {
  const isOperator = eq(users.role, 'operator');
  const page = await onePage(
    body,
    deps.db
      .select({
        userId: users.id,
        account: users.username,
        email: users.email,
        roles: operatorCredentials.roles,
        disabled: users.frozen,
        createdAt: operatorCredentials.createdAt,
        lastLoginAt: users.lastLoginAt,
      })
      .from(operatorCredentials)
      .innerJoin(users, eq(users.id, operatorCredentials.userId))
      .where(isOperator)
      .orderBy(asc(users.username)),
    deps.db
      .select({ total: count() })
      .from(operatorCredentials)
      .innerJoin(users, eq(users.id, operatorCredentials.userId))
      .where(isOperator),
  );
  return {
    total: page.total,
    list: page.list.map((row) => ({
      ...row,
      email: row.email ?? '',
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A new operator with a generated password and an authenticator secret, both answered once. An
 * account name or e-mail address already in use (by a player or an operator) is refused: an
 * existing operator's secret is issued again with the reset call, never by making them anew.
 */
export async function createOperator(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminOperatorCreate>,
): Promise<DataOf<typeof adminOperatorCreate>> {
  try {
    const setup = await setUpOperator(deps.db, deps.clock, {
      username: body.account,
      email: body.email,
      password: null,
      roles: body.roles,
      createOnly: true,
      origin: { request, actor: actorOfUser(operator.userId), reason: `roles: ${body.roles.join(', ')}` },
    });
    return {
      userId: setup.userId,
      account: setup.username,
      password: setup.generatedPassword,
      totpSecret: setup.totpSecret,
      totpUrl: setup.totpUrl,
    };
  } catch (error) {
    // The account name or e-mail address is taken: createOnly refuses an existing account.
    if (error instanceof OperatorSetupError) throw new ApiError(409, 'admin.operatorExists');
    throw error;
  }
}

/**
 * The operator's row and every enabled administrator's, locked until the change commits, in one
 * statement in id order: two administrators taking the role from each other at once queue on the
 * same first row instead of each holding the row the other waits for. The one that waits reads the
 * rows again after the other commits, so it counts the administrators that are left. 404 for
 * anyone who is not an operator.
 */
async function lockedOperator(tx: Transaction, userId: number) {
  const rows = await tx
    .select({ userId: users.id, account: users.username, roles: operatorCredentials.roles, disabled: users.frozen })
    .from(operatorCredentials)
    .innerJoin(users, eq(users.id, operatorCredentials.userId))
    .where(
      and(
        eq(users.role, 'operator'),
        or(
          eq(operatorCredentials.userId, userId),
          and(arrayContains(operatorCredentials.roles, ['administrator']), eq(users.frozen, false)),
        ),
      ),
    )
    .orderBy(asc(operatorCredentials.userId))
    .for('update');
  const target = rows.find((row) => row.userId === userId);
  if (!target) throw new ApiError(404, 'admin.operatorNotFound');
  return { ...target, otherAdministrators: rows.length - 1 };
}

const administers = (roles: readonly OperatorRole[]) => roles.includes('administrator');

/** Refuses a change that would leave no enabled administrator. */
function keepAnAdministrator(target: { otherAdministrators: number }): void {
  if (target.otherAdministrators === 0) throw new ApiError(409, 'admin.lastAdministrator');
}

export async function setOperatorRoles(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminOperatorRolesSet>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const target = await lockedOperator(tx, body.userId);
    if (administers(target.roles) && !administers(body.roles) && !target.disabled) {
      keepAnAdministrator(target);
    }
    await tx.update(operatorCredentials).set({ roles: body.roles }).where(eq(operatorCredentials.userId, body.userId));
    // The desk shows an operator the pages their roles reach, read at sign-in: they sign in again.
    const now = deps.clock.now();
    await endUserSessions(tx, body.userId, 'rolesChanged', now);
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'operator.roles',
      subject: actorOfUser(body.userId),
      reason: `${body.reason} (${target.roles.join(', ')} → ${body.roles.join(', ')})`,
    });
  });
  return null;
}

/**
 * Disabling ends the operator's sessions at their next call (402, as a frozen account's) and stops
 * their sign-in; nobody disables themselves, nor the last enabled administrator.
 */
export async function setOperatorDisabled(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminOperatorDisable>,
  disabled: boolean,
): Promise<null> {
  if (disabled && body.userId === operator.userId) throw new ApiError(403, 'admin.operatorSelf');
  await deps.db.transaction(async (tx) => {
    const target = await lockedOperator(tx, body.userId);
    if (target.disabled === disabled) {
      throw new ApiError(409, disabled ? 'admin.operatorDisabled' : 'admin.operatorEnabled');
    }
    if (disabled && administers(target.roles)) keepAnAdministrator(target);
    await tx.update(users).set({ frozen: disabled }).where(eq(users.id, body.userId));
    await writeAudit(tx, request, {
      at: deps.clock.now(),
      actor: actorOfUser(operator.userId),
      action: disabled ? 'operator.disable' : 'operator.enable',
      subject: actorOfUser(body.userId),
      reason: body.reason,
    });
  });
  return null;
}

/** A new authenticator secret: the old one stops working and the operator's sessions end. */
export async function resetOperatorAuthenticator(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminOperatorAuthenticatorReset>,
): Promise<DataOf<typeof adminOperatorAuthenticatorReset>> {
  const totpSecret = newTotpSecret();
  return deps.db.transaction(async (tx) => {
    const target = await lockedOperator(tx, body.userId);
    const now = deps.clock.now();
    await tx
      .update(operatorCredentials)
      .set({ totpSecret, lastTotpStep: null })
      .where(eq(operatorCredentials.userId, body.userId));
    await endUserSessions(tx, body.userId, 'totpReset', now);
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'operator.authenticatorReset',
      subject: actorOfUser(body.userId),
      reason: body.reason,
    });
    return {
      userId: body.userId,
      account: target.account,
      password: null,
      totpSecret,
      totpUrl: totpUrl(totpSecret, target.account),
    };
  });
}
