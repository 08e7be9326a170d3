import type { ParsedBodyOf } from '@contract/endpoint';
import type { StationLetter, stationLetterQuery } from '@contract/letters';
import type { Locale } from '@contract/locales';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { stationLetterReads, stationLetters } from '@server/db/schema/letters';
import { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';
import { pickLocalised } from '@server/localised-text';
import { pageRows } from '@server/shared/paging';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { and, count, desc, eq, not, or, type SQL, sql } from 'drizzle-orm';

type LetterRow = typeof stationLetters.$inferSelect;

/**
 * Who reads: a visitor (null) sees the letters to every player; a player also their own, and an
 * agent the agents' (whoever is an agent when reading, so a new agent finds the earlier ones).
 */
function visibleTo(reader: Principal | null): SQL {
  const broadcast = eq(stationLetters.audience, 'allPlayers');
  if (!reader) return broadcast;
  const toAgents = sql`(${stationLetters.audience} = 'allAgents'
    and (select ${users.isAgent} from ${users} where ${users.id} = ${reader.userId}))`;
  // The desk's letters to everyone are marketing to a player on a break or excluded when they are sent.
  const sentWhileBlocked = sql`exists (select 1 from player_protection p where p.user_id = ${reader.userId}
    and p.block_started_at <= ${stationLetters.sentAt}
    and protection_block_active(p.block_kind, p.block_ends_at, p.reopen_requested_at, ${stationLetters.sentAt}))`;
  return or(eq(stationLetters.userId, reader.userId), and(or(broadcast, toAgents), not(sentWhileBlocked))) as SQL;
}

/**
 * Read when the player opened it, or (a broadcast) when it was sent before the player registered:
 * a new player does not start with every past announcement unread (docs/requirements.md §13.4).
 */
function readBy(userId: number): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${stationLetterReads} r where r.letter_id = ${stationLetters.id} and r.user_id = ${userId})
    or (${stationLetters.userId} is null
      and ${stationLetters.sentAt} < (select ${users.registeredAt} from ${users} where ${users.id} = ${userId})))`;
}

/** An instant as event letters keep it (`Date.prototype.toISOString`). */
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Numbers and instants (in Japan time, the site's clock) in the reader's format; the rest as written. */
function paramsIn(params: Record<string, string | number>, locale: Locale): Record<string, string> {
  const number = new Intl.NumberFormat(locale);
  const instant = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
  const formatted = (value: string | number) => {
    if (typeof value === 'number') return number.format(value);
    return isoInstant.test(value) ? instant.format(new Date(value)) : value;
  };
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, formatted(value)]));
}

/** The letter's text in the reader's language: event letters from the locales, operators' from what they wrote. */
export function letterText(row: LetterRow, t: Translate, locale: Locale): { title: string; content: string } {
  if (row.kind === 'operator') {
    return { title: pickLocalised(row.title ?? {}, locale), content: pickLocalised(row.body ?? {}, locale) };
  }
  const params = paramsIn(row.params, locale);
  return { title: t(`letter.${row.kind}.title`, params), content: t(`letter.${row.kind}.body`, params) };
}

async function unreadCountOf(db: Database, reader: Principal): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stationLetters)
    .where(and(visibleTo(reader), not(readBy(reader.userId))));
  return row?.n ?? 0;
}

export async function stationLetterPage(
  deps: PlayerDeps,
  request: PlayerRequest,
  reader: Principal | null,
  body: ParsedBodyOf<typeof stationLetterQuery>,
): Promise<{ list: StationLetter[]; total: number; unreadCount: number }> {
  const read = reader ? readBy(reader.userId) : sql<boolean>`false`;
  const where = body.unreadOnly ? and(visibleTo(reader), not(read)) : visibleTo(reader);
  const [counted] = await deps.db.select({ n: count() }).from(stationLetters).where(where);
  const rows = await pageRows(
    body,
    deps.db
      .select({ letter: stationLetters, read })
      .from(stationLetters)
      .where(where)
      .orderBy(desc(stationLetters.sentAt), desc(stationLetters.id)),
  );
  return {
    total: counted?.n ?? 0,
    unreadCount: reader ? await unreadCountOf(deps.db, reader) : 0,
    list: rows.map(({ letter, read: isRead }) => ({
      id: letter.id,
      kind: letter.kind,
      audience: letter.audience,
      ...letterText(letter, request.t, request.locale),
      read: Boolean(isRead),
      sentAt: letter.sentAt.toISOString(),
    })),
  };
}

export async function markLetterRead(
  deps: PlayerDeps,
  reader: Principal,
  letterId: number,
): Promise<{ unreadCount: number }> {
  const [letter] = await deps.db
    .select({ id: stationLetters.id })
    .from(stationLetters)
    .where(and(eq(stationLetters.id, letterId), visibleTo(reader)));
  // Someone else's letter answers as no letter at all.
  if (!letter) throw new ApiError(404, 'station.letterNotFound');
  await deps.db
    .insert(stationLetterReads)
    .values({ letterId, userId: reader.userId, readAt: deps.clock.now() })
    .onConflictDoNothing();
  return { unreadCount: await unreadCountOf(deps.db, reader) };
}

export async function markAllLettersRead(deps: PlayerDeps, reader: Principal): Promise<{ unreadCount: number }> {
  await deps.db
    .insert(stationLetterReads)
    .select(
      deps.db
        .select({
          letterId: stationLetters.id,
          userId: sql<number>`${reader.userId}::integer`.as('user_id'),
          readAt: sql<Date>`${deps.clock.now().toISOString()}::timestamptz`.as('read_at'),
        })
        .from(stationLetters)
        .where(and(visibleTo(reader), not(readBy(reader.userId)))),
    )
    .onConflictDoNothing();
  return { unreadCount: await unreadCountOf(deps.db, reader) };
}
