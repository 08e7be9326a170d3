import type { BonusTerms } from '@contract/bonus';
import type { Game, Notice, Promotion, PromotionCategory } from '@contract/content';
import type { Locale } from '@contract/locales';
import { type Database, plainRows } from '@server/db/client';
import { bonusOffers } from '@server/db/schema/bonus';
import { banners, contentPages, countries, type LocalisedText, notices, promotions } from '@server/db/schema/content';
import { ApiError } from '@server/errors';
import { localisedItem } from '@server/localised-text';
import { onePage } from '@server/shared/paging';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { gameImageUrl } from '../hall/public';

export interface Page<T> {
  list: T[];
  total: number;
}

const regionNames = new Map<Locale, Intl.DisplayNames>();
function regionName(code: string, locale: Locale): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

export async function listCountries(db: Database, locale: Locale) {
  const rows = await db
    .select()
    .from(countries)
    .where(eq(countries.enabled, true))
    .orderBy(asc(countries.sort), asc(countries.code));
  return rows.map((row) => ({ code: row.code, name: regionName(row.code, locale), dialCode: row.dialCode }));
}

/** The published banners of a place whose schedule holds `now`. */
export async function listBanners(db: Database, locale: Locale, now: Date, position: 'home' | 'promotion') {
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.active, true),
        eq(banners.position, position),
        or(isNull(banners.showsFrom), lte(banners.showsFrom, now)),
        or(isNull(banners.showsUntil), gt(banners.showsUntil, now)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    ...localisedItem({ title: row.title }, locale),
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
  }));
}

export async function listNotices(
  db: Database,
  locale: Locale,
  now: Date,
  page: { pageNum: number; pageSize: number },
): Promise<Page<Notice>> {
  const published = lte(notices.publishedAt, now);
  const found = await onePage(
    page,
    db
      .select()
      .from(notices)
      .where(published)
      .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id)),
    db.select({ total: count() }).from(notices).where(published),
  );
  return {
    total: found.total,
    list: found.list.map((row) => ({
      id: row.id,
      ...localisedItem({ title: row.title, content: row.content }, locale),
      pinned: row.pinned,
      publishedAt: row.publishedAt.toISOString(),
    })),
  };
}

/**
 * A promotion's category follows from its dates and its offer: ended is past; running without an
 * end is long-term; running with an end is limited-time when it offers a bonus, and special (an
 * event such as a tournament) when it does not.
 */
const offersBonus = sql<boolean>`exists (select 1 from ${bonusOffers} where ${bonusOffers.promotionId} = ${promotions.id})`;

function promotionFilter(category: PromotionCategory, now: Date): SQL | undefined {
  const running = and(lte(promotions.startsAt, now), or(isNull(promotions.endsAt), gt(promotions.endsAt, now)));
  switch (category) {
    case 'all':
      return running;
    case 'past':
      return lte(promotions.endsAt, now);
    case 'longTerm':
      return and(running, isNull(promotions.endsAt));
    case 'limited':
      return and(running, isNotNull(promotions.endsAt), offersBonus);
    case 'special':
      return and(running, isNotNull(promotions.endsAt), not(offersBonus));
  }
}

type PromotionRow = typeof promotions.$inferSelect & { offersBonus: boolean };

function categoryOf(row: PromotionRow, now: Date): Exclude<PromotionCategory, 'all'> {
  if (row.endsAt === null) return 'longTerm';
  if (row.endsAt <= now) return 'past';
  return row.offersBonus ? 'limited' : 'special';
}

function promotionItem(row: PromotionRow, locale: Locale, now: Date): Promotion {
  return {
    id: row.id,
    ...localisedItem({ title: row.title, summary: row.summary, content: row.content }, locale),
    imageUrl: row.imageUrl,
    category: categoryOf(row, now),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

const promotionColumns = { ...getTableColumns(promotions), offersBonus };

export async function listPromotions(
  db: Database,
  locale: Locale,
  now: Date,
  query: { category: PromotionCategory; pageNum: number; pageSize: number },
): Promise<Page<Promotion>> {
  const where = promotionFilter(query.category, now);
  const page = await onePage(
    query,
    db.select(promotionColumns).from(promotions).where(where).orderBy(desc(promotions.startsAt), desc(promotions.id)),
    db.select({ total: count() }).from(promotions).where(where),
  );
  return { total: page.total, list: page.list.map((row) => promotionItem(row, locale, now)) };
}

/** One promotion that has started (a future one is not shown yet), with the bonus it offers. */
export async function getPromotion(
  db: Database,
  locale: Locale,
  now: Date,
  id: number,
): Promise<Promotion & { offer: BonusTerms | null }> {
  const [row] = await db
    .select({ ...promotionColumns, offer: bonusOffers.terms })
    .from(promotions)
    .leftJoin(bonusOffers, eq(bonusOffers.promotionId, promotions.id))
    .where(and(eq(promotions.id, id), lte(promotions.startsAt, now)));
  if (!row) throw new ApiError(404, 'error.notFound');
  return { ...promotionItem(row, locale, now), offer: row.offer };
}

interface GameRow {
  id: number;
  code: string;
  kind: Game['kind'];
  name: LocalisedText;
  imageUrl: string | null;
  addedAtMs: number;
  machineCount: number;
  popularity: number;
}

/**
 * Home's game lists: the hall's playable games (docs/requirements.md §10.9), most played first (paid
 * rounds in the last 7 days, through the machines' paid-round index) or newest first.
 */
export async function listGames(
  db: Database,
  locale: Locale,
  now: Date,
  order: 'popular' | 'latest',
  limit: number,
): Promise<Game[]> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString();
  const orderBy = order === 'popular' ? sql`"popularity" DESC, g.added_at DESC` : sql`g.added_at DESC`;
  const rows = await plainRows<GameRow>(
    db,
    sql`SELECT g.id, g.game_code AS "code", g.kind, g.name, g.image_url AS "imageUrl",
        (extract(epoch FROM g.added_at) * 1000)::float8 AS "addedAtMs",
        count(m.id)::int AS "machineCount", coalesce(sum(recent.rounds), 0)::int AS "popularity"
      FROM provider_games g
      JOIN game_providers p ON p.id = g.provider_id
      LEFT JOIN game_machines m ON m.game_id = g.id AND m.enabled
      LEFT JOIN LATERAL (
        SELECT count(*) AS rounds FROM game_records r
        WHERE r.game_machine_id = m.id AND r.bet_amount > 0 AND r.played_at >= ${weekAgo}::timestamptz
      ) recent ON true
      WHERE p.enabled AND g.enabled
      GROUP BY g.id
      ORDER BY ${orderBy}, g.id DESC
      LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    ...localisedItem({ name: row.name }, locale),
    kind: row.kind,
    imageUrl: gameImageUrl(row.imageUrl, row.kind),
    machineCount: row.machineCount,
    popularity: row.popularity,
    releasedAt: new Date(row.addedAtMs).toISOString(),
  }));
}

export async function getContentPage(db: Database, locale: Locale, slug: string) {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug));
  if (!row) throw new ApiError(404, 'error.notFound');
  return {
    slug: row.slug,
    ...localisedItem({ title: row.title, body: row.body }, locale),
    updatedAt: row.updatedAt.toISOString(),
  };
}
