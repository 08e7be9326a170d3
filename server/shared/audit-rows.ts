import type { Database } from '@server/db/client';
import { auditLog } from '@server/db/schema/auth';

export const actorOfUser = (userId: number) => `user:${userId}`;

/** Appends an audit row; pass the transaction of the change so both commit or neither. */
export async function writeAudit(
  db: Database,
  request: { clientAddress: string; requestId: string },
  entry: { at: Date; actor: string; action: string; subject: string; reason?: string },
): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    subject: entry.subject,
    reason: entry.reason ?? null,
    clientAddress: request.clientAddress,
    requestId: request.requestId,
  });
}
