import type { AuditEntry, adminAuditList } from '@contract/admin';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { auditLog, users } from '@server/db/schema/auth';
import { actorOfUser } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import type { PlayerDeps } from '@server/shared/player-deps';
import { and, type Column, count, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** The audit log's actor text of a user id column, for joining actors to their accounts. */
const sqlActorOf = (userId: Column) => sql`'user:' || ${userId}`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** 'withdrawal:W2026…' → type and id; a subject without a type is all id. */
function splitSubject(subject: string): { subjectType: string; subjectId: string } {
  const colon = subject.indexOf(':');
  return colon < 0
    ? { subjectType: '', subjectId: subject }
    : { subjectType: subject.slice(0, colon), subjectId: subject.slice(colon + 1) };
}

export async function auditEntries(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminAuditList>,
): Promise<DataOf<typeof adminAuditList>> {
  const conditions: SQL[] = [];
  if (body.actorUserId) conditions.push(eq(auditLog.actor, actorOfUser(body.actorUserId)));
  if (body.action) conditions.push(eq(auditLog.action, body.action));
  if (body.subjectType && body.subjectId)
    conditions.push(eq(auditLog.subject, `${body.subjectType}:${body.subjectId}`));
  else if (body.subjectType) conditions.push(like(auditLog.subject, `${escapeLike(body.subjectType)}:%`));
  else if (body.subjectId) conditions.push(like(auditLog.subject, `%:${escapeLike(body.subjectId)}`));
  if (body.period) {
    const { from, to } = periodBounds(body.period);
    conditions.push(gte(auditLog.at, from), lt(auditLog.at, to));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const actorUser = alias(users, 'actor_user');
  const page = await onePage(
    body,
    deps.db
      .select({ entry: auditLog, actorAccount: actorUser.username })
      .from(auditLog)
      .leftJoin(actorUser, eq(auditLog.actor, sqlActorOf(actorUser.id)))
      .where(where)
      .orderBy(desc(auditLog.id)),
    deps.db.select({ total: count() }).from(auditLog).where(where),
  );
  return {
    total: page.total,
    list: page.list.map(({ entry, actorAccount }): AuditEntry => {
      const actorId = /^user:(\d+)$/.exec(entry.actor)?.[1];
      return {
        id: entry.id,
        actor: actorId && actorAccount ? { userId: Number(actorId), account: actorAccount } : null,
        action: entry.action,
        ...splitSubject(entry.subject),
        reason: entry.reason,
        // The log keeps who acted from where; values before and after are in the rows it names.
        detail: { actor: entry.actor, clientAddress: entry.clientAddress },
        requestId: entry.requestId,
        createdAt: entry.at.toISOString(),
      };
    }),
  };
}
