import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/auth';
import type { AuthRequest } from './context';

export const actorOfUser = (userId: number) => `user:${userId}`;

type AuditEntry = { at: Date; actor: string; action: string; subject: string; reason?: string };

/** The insert of an audit row, to run alone or inside a larger statement. */
export function auditInsert(db: Database, request: Pick<AuthRequest, 'clientAddress' | 'requestId'>, entry: AuditEntry) {
  return db.insert(auditLog).values({
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    subject: entry.subject,
    reason: entry.reason ?? null,
    clientAddress: request.clientAddress,
    requestId: request.requestId,
  });
}

/** Appends an audit row; pass the transaction of the change so both commit or neither. */
export async function writeAudit(
  db: Database,
  request: Pick<AuthRequest, 'clientAddress' | 'requestId'>,
  entry: AuditEntry,
): Promise<void> {
  await auditInsert(db, request, entry);
}
