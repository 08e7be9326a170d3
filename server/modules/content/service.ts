import type { Game, Notice, Promotion, PromotionCategory } from '@contract/content';
import type { Locale } from '@contract/locales';
import type { Database } from '@server/db/client';
import { banners, contentPages, countries, games, notices, promotions } from '@server/db/schema/content';
import { ApiError } from '@server/errors';
import { pickLocalised } from '@server/localised-text';
import { onePage } from '@server/shared/paging';
import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';

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

export async function listBanners(db: Database, locale: Locale, position: 'home' | 'promotion') {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.active, true), eq(banners.position, position)))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    title: pickLocalised(row.title, locale),
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
      title: pickLocalised(row.title, locale),
      content: pickLocalised(row.content, locale),
      pinned: row.pinned,
      publishedAt: row.publishedAt.toISOString(),
    })),
  };
}

function promotionFilter(category: PromotionCategory, now: Date): SQL | undefined {
  const running = and(lte(promotions.startsAt, now), or(isNull(promotions.endsAt), gt(promotions.endsAt, now)));
  switch (category) {
    case 'all':
      return running;
    case 'past':
      return lte(promotions.endsAt, now);
    default:
      return and(running, eq(promotions.category, category));
  }
}

export async function listPromotions(
  db: Database,
  locale: Locale,
  now: Date,
  query: { category: PromotionCategory; pageNum: number; pageSize: number },
): Promise<Page<Promotion>> {
  const where = promotionFilter(query.category, now);
  const page = await onePage(
    query,
    db.select().from(promotions).where(where).orderBy(desc(promotions.startsAt), desc(promotions.id)),
    db.select({ total: count() }).from(promotions).where(where),
  );
  return {
    total: page.total,
    list: page.list.map((row) => ({
      id: row.id,
      title: pickLocalised(row.title, locale),
      summary: pickLocalised(row.summary, locale),
      content: pickLocalised(row.content, locale),
      imageUrl: row.imageUrl,
      category: row.endsAt && row.endsAt <= now ? 'past' : row.category,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
    })),
  };
}

export async function listGames(
  db: Database,
  locale: Locale,
  order: 'popular' | 'latest',
  limit: number,
): Promise<Game[]> {
  const rows = await db
    .select()
    .from(games)
    .orderBy(order === 'popular' ? desc(games.popularity) : desc(games.releasedAt), asc(games.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    name: pickLocalised(row.name, locale),
    kind: row.kind,
    imageUrl: row.imageUrl,
    machineCount: row.machineCount,
    popularity: row.popularity,
    releasedAt: row.releasedAt.toISOString(),
  }));
}

export async function getContentPage(db: Database, locale: Locale, slug: string) {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug));
  if (!row) throw new ApiError(404, 'error.notFound');
  return {
    slug: row.slug,
    title: pickLocalised(row.title, locale),
    body: pickLocalised(row.body, locale),
    updatedAt: row.updatedAt.toISOString(),
  };
}
