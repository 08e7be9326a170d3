import { randomUUID } from 'node:crypto';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { KycState, KycStatus, KycSubmission, submitKyc } from '@contract/kyc';
import type { adminKycApprove, adminKycList, adminKycReject, KycReviewItem } from '@contract/kyc-desk';
import { hasPersonalInformation } from '@contract/user-profile';
import { extensionOf } from '@server/adapters/file-storage';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { kycSubmissions } from '@server/db/schema/kyc';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import type { EventLetter } from '@server/shared/event-letters';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { userKeywordCondition } from '@server/shared/player-search';
import { uniqueViolation } from '@server/shared/refusals';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { findUserById, type UserRow } from '../auth/public';
import { kycStatusOf, lockUser } from '../user/public';
import { type CleanPhoto, checkPhotoLink, cleanPhoto, type PhotoSide, photoLink, photoSides } from './photos';

type SubmissionRow = typeof kycSubmissions.$inferSelect;

function submissionView(deps: PlayerDeps, row: SubmissionRow, viewerId: number): KycSubmission {
  const now = deps.clock.now();
  const link = (side: PhotoSide) => photoLink(deps.photoLinkSecret, row.id, side, viewerId, now);
  return {
    id: row.id,
    status: row.status,
    photos: { front: link('front'), back: link('back'), handheld: link('handheld') },
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
  };
}

async function latestSubmission(db: Database, userId: number): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row ?? null;
}

/** All but the last four characters hidden. */
export function maskedIdNumber(idNumber: string): string {
  return `${'*'.repeat(Math.max(idNumber.length - 4, 0))}${idNumber.slice(-4)}`;
}

export async function kycStateOf(deps: PlayerDeps, principal: Principal): Promise<KycState> {
  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new ApiError(401, 'error.unauthorised');
  const latest = await latestSubmission(deps.db, user.id);
  return {
    status: latest?.status ?? 'notSubmitted',
    maskedIdNumber: user.idNumber ? maskedIdNumber(user.idNumber) : null,
    firstName: user.firstName,
    lastName: user.lastName,
    rejectReason: latest?.status === 'rejected' ? latest.rejectReason : null,
    reviewedAt: latest?.reviewedAt?.toISOString() ?? null,
  };
}

export async function latestSubmissionOf(deps: PlayerDeps, principal: Principal): Promise<KycSubmission | null> {
  const latest = await latestSubmission(deps.db, principal.userId);
  return latest ? submissionView(deps, latest, principal.userId) : null;
}

/** Why a player may not submit now, or null when they may (nothing yet, or the last one was rejected). */
function submissionRefusal(
  user: Pick<UserRow, 'firstName' | 'lastName' | 'pinyinName' | 'idNumber'>,
  status: KycStatus,
): ApiError | null {
  if (status === 'pendingReview') return new ApiError(409, 'kyc.alreadyPending');
  if (status === 'approved') return new ApiError(409, 'kyc.alreadyApproved');
  if (!hasPersonalInformation(user) || !user.idNumber) return new ApiError(422, 'kyc.completePersonalInformation');
  return null;
}

/**
 * Takes the three photos for review. The names and ID number must be on record first (the
 * reviewer compares them with the photos), and nothing may be waiting or approved already. The
 * photos are cleaned and stored before the row is written; if the row is refused they are removed.
 */
export async function submitPhotos(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof submitKyc>,
): Promise<KycSubmission> {
  const { db, storage, clock } = deps;
  const current = await findUserById(db, principal.userId);
  if (!current) throw new ApiError(401, 'error.unauthorised');
  const early = submissionRefusal(current, await kycStatusOf(db, current.id));
  if (early) throw early;

  const cleaned: CleanPhoto[] = [];
  for (const side of photoSides) cleaned.push(await cleanPhoto(request, side, body[side]));
  const keys = cleaned.map((photo) => `kyc/${current.id}/${randomUUID()}.${extensionOf(photo.contentType)}`);
  await Promise.all(cleaned.map((photo, index) => storage.put(keys[index] as string, photo.bytes, photo.contentType)));

  try {
    const row = await db.transaction(async (tx) => {
      const now = clock.now();
      const user = await lockUser(tx, principal.userId);
      const refusal = submissionRefusal(user, await kycStatusOf(tx, user.id));
      if (refusal) throw refusal;
      const [inserted] = await tx
        .insert(kycSubmissions)
        .values({
          userId: user.id,
          status: 'pendingReview',
          frontKey: keys[0] as string,
          backKey: keys[1] as string,
          handheldKey: keys[2] as string,
          submittedAt: now,
        })
        .returning();
      if (!inserted) throw new Error('KYC insert returned no row');
      await writeAudit(tx, request, {
        at: now,
        actor: actorOfUser(user.id),
        action: 'kyc.submit',
        subject: `kycSubmission:${inserted.id}`,
        reason: 'front, back and handheld photos sent for review',
      });
      return inserted;
    });
    return submissionView(deps, row, principal.userId);
  } catch (error) {
    await Promise.all(keys.map((key) => storage.delete(key))).catch((cleanupError: unknown) =>
      deps.logger.warn({ err: cleanupError, keys }, 'could not remove photos of a refused KYC submission'),
    );
    if (uniqueViolation(error) === 'kyc_submissions_one_open_unique') throw new ApiError(409, 'kyc.alreadyPending');
    throw error;
  }
}

export interface PhotoRequest {
  submissionId: number;
  side: PhotoSide;
  viewerId: number;
  expires: number;
  signature: string;
}

/**
 * One stored photo for a valid link. The viewer named in the link must still be the owner or an
 * operator, and not frozen; anything else is refused without saying which check failed.
 */
export async function photoFor(deps: PlayerDeps, link: PhotoRequest) {
  if (!checkPhotoLink(deps.photoLinkSecret, link, deps.clock.now())) throw new ApiError(403, 'kyc.photoLinkInvalid');
  const [row] = await deps.db
    .select({ submission: kycSubmissions, viewerRole: users.role, viewerFrozen: users.frozen })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, link.viewerId))
    .where(eq(kycSubmissions.id, link.submissionId));
  if (!row) throw new ApiError(404, 'error.notFound');
  const { submission } = row;
  const mayView = !row.viewerFrozen && (submission.userId === link.viewerId || row.viewerRole === 'operator');
  if (!mayView) throw new ApiError(403, 'kyc.photoLinkInvalid');
  const key =
    link.side === 'front' ? submission.frontKey : link.side === 'back' ? submission.backKey : submission.handheldKey;
  const file = await deps.storage.get(key);
  if (!file) throw new ApiError(404, 'error.notFound');
  return { file, expiresInSeconds: Math.max(link.expires - Math.floor(deps.clock.now().getTime() / 1000), 0) };
}

export async function kycReviewQueue(
  deps: PlayerDeps,
  principal: Principal,
  body: ParsedBodyOf<typeof adminKycList>,
): Promise<{ list: KycReviewItem[]; total: number }> {
  const conditions: SQL[] = [eq(kycSubmissions.status, body.status)];
  if (body.period) {
    const { from, to } = periodBounds(body.period);
    conditions.push(gte(kycSubmissions.submittedAt, from), lt(kycSubmissions.submittedAt, to));
  }
  if (body.keyword) conditions.push(userKeywordCondition(body.keyword));
  const where = and(...conditions);
  const page = await onePage(
    body,
    deps.db
      .select({ submission: kycSubmissions, user: users })
      .from(kycSubmissions)
      .innerJoin(users, eq(users.id, kycSubmissions.userId))
      .where(where)
      .orderBy(asc(kycSubmissions.submittedAt), asc(kycSubmissions.id)),
    deps.db
      .select({ total: count() })
      .from(kycSubmissions)
      .innerJoin(users, eq(users.id, kycSubmissions.userId))
      .where(where),
  );
  return {
    total: page.total,
    list: page.list.map(({ submission, user }) => ({
      ...submissionView(deps, submission, principal.userId),
      user: { userId: user.id, account: user.username, email: user.email ?? '' },
      idNumber: user.idNumber,
      firstName: user.firstName,
      lastName: user.lastName,
      pinyinName: user.pinyinName,
    })),
  };
}

type ReviewOutcome = { status: 'approved'; remark: string | null } | { status: 'rejected'; reason: string };

/** What a review writes, by its outcome: on the submission, in the audit trail, in the player's letter. */
function reviewRecord(outcome: ReviewOutcome): {
  fields: { rejectReason: string | null; reviewRemark: string | null };
  action: string;
  auditReason: string;
  letter: Pick<EventLetter, 'kind' | 'params'>;
} {
  if (outcome.status === 'approved')
    return {
      fields: { rejectReason: null, reviewRemark: outcome.remark },
      action: 'kyc.approve',
      auditReason: outcome.remark ?? 'approved',
      letter: { kind: 'kycApproved', params: {} },
    };
  return {
    fields: { rejectReason: outcome.reason, reviewRemark: null },
    action: 'kyc.reject',
    auditReason: outcome.reason,
    letter: { kind: 'kycRejected', params: { reason: outcome.reason } },
  };
}

async function reviewSubmission(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  submissionId: number,
  outcome: ReviewOutcome,
): Promise<null> {
  const record = reviewRecord(outcome);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [found] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, submissionId));
    if (!found) throw new ApiError(404, 'kyc.submissionNotFound');
    if (found.userId === operator.userId) throw new ApiError(403, 'admin.ownRecord');
    const [claimed] = await tx
      .update(kycSubmissions)
      .set({ status: outcome.status, reviewedAt: now, reviewedBy: operator.userId, ...record.fields })
      .where(and(eq(kycSubmissions.id, submissionId), eq(kycSubmissions.status, 'pendingReview')))
      .returning();
    if (!claimed) throw new ApiError(409, 'kyc.alreadyReviewed');
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: record.action,
      subject: `kycSubmission:${claimed.id}`,
      reason: record.auditReason,
    });
    await deps.letters.send(tx, { userId: claimed.userId, subject: `kyc:${claimed.id}`, ...record.letter });
  });
  return null;
}

export function approveKyc(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminKycApprove>,
) {
  return reviewSubmission(deps, request, operator, body.submissionId, {
    status: 'approved',
    remark: body.remark || null,
  });
}

export function rejectKyc(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminKycReject>,
) {
  return reviewSubmission(deps, request, operator, body.submissionId, { status: 'rejected', reason: body.reason });
}
