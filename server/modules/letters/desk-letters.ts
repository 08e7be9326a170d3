import type { ParsedBodyOf } from '@contract/endpoint';
import type { LetterTexts } from '@contract/letters';
import type { adminStationLetterList, adminStationLetterSend, SentLetter } from '@contract/letters-desk';
import { defaultLocale, locales } from '@contract/locales';
import type { Principal } from '@server/contract-router';
import { users } from '@server/db/schema/auth';
import type { LocalisedText } from '@server/db/schema/content';
import { stationLetters } from '@server/db/schema/letters';
import { ApiError } from '@server/errors';
import { pickLocalised } from '@server/localised-text';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { pageRows } from '@server/shared/paging';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { findUserById } from '../auth/public';

/** The languages the operator wrote; a language left empty falls back to ja-JP when read. */
function writtenTexts(texts: LetterTexts): { title: LocalisedText; body: LocalisedText } {
  const title: LocalisedText = {};
  const body: LocalisedText = {};
  for (const locale of locales) {
    const text = texts[locale];
    if (!text?.title) continue;
    title[locale] = text.title;
    body[locale] = text.body;
  }
  return { title, body };
}

type Tx = Parameters<Parameters<PlayerDeps['db']['transaction']>[0]>[0];

/** A letter to one player goes to an existing player, never to an operator. */
async function assertPlayerRecipient(tx: Tx, userId: number): Promise<void> {
  const found = await findUserById(tx, userId);
  if (!found) throw new ApiError(404, 'admin.userNotFound');
  if (found.role === 'operator') throw new ApiError(403, 'admin.operatorAccount');
}

/** The letter a repeated send with the same key sent first. */
async function firstLetterId(tx: Tx, eventKey: string): Promise<number> {
  const [first] = await tx
    .select({ id: stationLetters.id })
    .from(stationLetters)
    .where(eq(stationLetters.eventKey, eventKey));
  if (!first) throw new Error('letter key taken but no letter');
  return first.id;
}

/**
 * Sends an operator's letter with its audit row, in one transaction. The send's idempotency key is
 * the letter's event key, so a repeated request (a lost answer, a double click) sends one letter.
 */
export async function sendDeskLetter(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  idempotencyKey: string,
  body: ParsedBodyOf<typeof adminStationLetterSend>,
): Promise<{ letterId: number }> {
  const eventKey = `desk:${operator.userId}:${idempotencyKey}`;
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const userId = body.audience === 'player' ? body.userId : null;
    if (userId !== null) await assertPlayerRecipient(tx, userId);
    const { title, body: text } = writtenTexts(body.texts);
    const [sent] = await tx
      .insert(stationLetters)
      .values({
        audience: body.audience,
        userId,
        kind: 'operator',
        title,
        body: text,
        eventKey,
        sentBy: operator.userId,
        sentAt: now,
      })
      .onConflictDoNothing({ target: stationLetters.eventKey })
      .returning({ id: stationLetters.id });
    if (!sent) return { letterId: await firstLetterId(tx, eventKey) };
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'stationLetter.send',
      subject: `stationLetter:${sent.id}`,
      reason: `to ${userId === null ? body.audience : actorOfUser(userId)}: ${title[defaultLocale] ?? ''}`,
    });
    return { letterId: sent.id };
  });
}

export async function deskLetters(
  deps: PlayerDeps,
  request: PlayerRequest,
  body: ParsedBodyOf<typeof adminStationLetterList>,
): Promise<{ list: SentLetter[]; total: number }> {
  const addressee = alias(users, 'addressee');
  const sender = alias(users, 'sender');
  const where = eq(stationLetters.kind, 'operator');
  const [counted] = await deps.db.select({ n: count() }).from(stationLetters).where(where);
  const rows = await pageRows(
    body,
    deps.db
      .select({ letter: stationLetters, account: addressee.username, sentBy: sender.username })
      .from(stationLetters)
      .leftJoin(addressee, eq(addressee.id, stationLetters.userId))
      .leftJoin(sender, eq(sender.id, stationLetters.sentBy))
      .where(where)
      .orderBy(desc(stationLetters.sentAt), desc(stationLetters.id)),
  );
  return {
    total: counted?.n ?? 0,
    list: rows.map(({ letter, account, sentBy }) => ({
      id: letter.id,
      audience: letter.audience,
      account,
      title: pickLocalised(letter.title ?? {}, request.locale),
      sentAt: letter.sentAt.toISOString(),
      sentBy,
    })),
  };
}
