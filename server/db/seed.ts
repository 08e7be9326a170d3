import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { bonusOffers } from './schema/bonus';
import { banners, contentPages, countries, type LocalisedText, notices, promotions } from './schema/content';
import { promotionContent, seedBanners, seedNotices, seedPromotions } from './seed-content';
import { retiredPageTexts, seedPages } from './seed-pages';

const day = 24 * 60 * 60 * 1000;

const countryRows = [
  ['JP', '+81'],
  ['US', '+1'],
  ['KR', '+82'],
  ['CN', '+86'],
  ['TW', '+886'],
  ['HK', '+852'],
  ['PH', '+63'],
  ['VN', '+84'],
  ['TH', '+66'],
  ['SG', '+65'],
  ['MY', '+60'],
  ['ID', '+62'],
  ['GB', '+44'],
  ['AU', '+61'],
] as const;

/**
 * Gives a new installation a living site. Each table is filled only while it is empty, so running
 * it on every start never duplicates or overwrites what operators have edited.
 */
export async function seedDatabase(db: Database, now: Date = new Date()): Promise<void> {
  const isEmpty = async (table: PgTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return (row?.n ?? 0) === 0;
  };

  if (await isEmpty(countries)) {
    await db.insert(countries).values(countryRows.map(([code, dialCode], sort) => ({ code, dialCode, sort })));
  }

  if (await isEmpty(banners)) {
    await db.insert(banners).values(seedBanners.map((banner) => ({ ...banner })));
  }

  if (await isEmpty(notices)) {
    await db.insert(notices).values(
      seedNotices.map((notice) => ({
        pinned: notice.pinned,
        publishedAt: new Date(now.getTime() - notice.daysAgo * day),
        title: notice.title,
        content: notice.content,
      })),
    );
  }

  if (await isEmpty(promotions)) {
    const inserted = await db
      .insert(promotions)
      .values(
        seedPromotions.map((promotion) => ({
          imageUrl: `/images/promotions/promo-${promotion.index}.svg`,
          startsAt: new Date(now.getTime() + promotion.startsInDays * day),
          endsAt: promotion.endsInDays === null ? null : new Date(now.getTime() + promotion.endsInDays * day),
          title: promotion.title,
          summary: promotion.summary,
          content: promotionContent(promotion),
        })),
      )
      .returning({ id: promotions.id });
    const offers = seedPromotions.flatMap((promotion, at) => {
      const promotionId = inserted[at]?.id;
      return promotion.offer && promotionId ? [{ promotionId, terms: promotion.offer, updatedAt: now }] : [];
    });
    if (offers.length > 0) await db.insert(bonusOffers).values(offers);
  }

  await fillSeededLanguages(db);

  if (await isEmpty(contentPages)) {
    await db.insert(contentPages).values(seedPages.map((page) => ({ ...page, updatedAt: now })));
  }
  await replaceRetiredPageTexts(db);
  await fillSeededPageLanguages(db);
}

/** The seeded text with every language the row already has kept as it is. */
function withMissingLanguages(stored: LocalisedText, seeded: LocalisedText): LocalisedText | null {
  const missing = Object.entries(seeded).filter(([locale]) => !stored[locale]?.trim());
  return missing.length === 0 ? null : { ...stored, ...Object.fromEntries(missing) };
}

/**
 * Installations seeded before every language was written hold banners, notices and promotions in
 * Japanese and English only. A row still carrying a seeded Japanese title gets the languages it
 * lacks from the seed; a language an operator wrote is never replaced (docs/requirements.md §1.8).
 */
async function fillSeededLanguages(db: Database): Promise<void> {
  await fillSeededBannerLanguages(db);
  await fillSeededNoticeLanguages(db);
  await fillSeededPromotionLanguages(db);
}

/** The seed a row was written from, known by its Japanese title. */
function seededBy<T extends { title: LocalisedText }>(seeds: readonly T[], title: LocalisedText): T | undefined {
  return seeds.find((seed) => seed.title['ja-JP'] === title['ja-JP']);
}

async function fillSeededBannerLanguages(db: Database): Promise<void> {
  for (const row of await db.select().from(banners)) {
    const seed = seededBy(seedBanners, row.title);
    const title = seed && withMissingLanguages(row.title, seed.title);
    if (title) await db.update(banners).set({ title }).where(eq(banners.id, row.id));
  }
}

async function fillSeededNoticeLanguages(db: Database): Promise<void> {
  for (const row of await db.select().from(notices)) {
    const seed = seededBy(seedNotices, row.title);
    if (!seed) continue;
    const title = withMissingLanguages(row.title, seed.title);
    const content = withMissingLanguages(row.content, seed.content);
    if (title || content) {
      await db
        .update(notices)
        .set({ title: title ?? row.title, content: content ?? row.content })
        .where(eq(notices.id, row.id));
    }
  }
}

async function fillSeededPromotionLanguages(db: Database): Promise<void> {
  for (const row of await db.select().from(promotions)) {
    const seed = seededBy(seedPromotions, row.title);
    if (!seed) continue;
    const title = withMissingLanguages(row.title, seed.title);
    const summary = withMissingLanguages(row.summary, seed.summary);
    const content = withMissingLanguages(row.content, promotionContent(seed));
    if (title || summary || content) {
      await db
        .update(promotions)
        .set({ title: title ?? row.title, summary: summary ?? row.summary, content: content ?? row.content })
        .where(eq(promotions.id, row.id));
    }
  }
}

const pageTextHash = (title: string, body: string) => createHash('sha256').update(`${title}\n\n${body}`).digest('hex');

/**
 * A page whose text in some language is still a seed a later release rewrote (`retiredPageTexts`)
 * gets the current seed in that language; a language an operator has edited is left as it is.
 */
async function replaceRetiredPageTexts(db: Database): Promise<void> {
  for (const row of await db.select().from(contentPages)) {
    const retired = retiredPageTexts[row.slug as keyof typeof retiredPageTexts];
    const seed = seedPages.find((page) => page.slug === row.slug);
    if (!retired || !seed) continue;
    const stale = Object.keys(seed.title).filter((locale) => {
      const title = row.title[locale];
      const body = row.body[locale];
      return title !== undefined && body !== undefined && retired.includes(pageTextHash(title, body));
    }) as (keyof typeof seed.title)[];
    if (stale.length === 0) continue;
    const title = { ...row.title, ...Object.fromEntries(stale.map((locale) => [locale, seed.title[locale]])) };
    const body = { ...row.body, ...Object.fromEntries(stale.map((locale) => [locale, seed.body[locale]])) };
    await db.update(contentPages).set({ title, body, updatedAt: new Date() }).where(eq(contentPages.slug, row.slug));
  }
}

/**
 * Pages were first seeded in Japanese and English only. A page whose Japanese title and body are
 * still the seeded ones gets the languages it lacks; once an operator has rewritten the Japanese,
 * the seeded translations no longer match it and the page is left as it is.
 */
async function fillSeededPageLanguages(db: Database): Promise<void> {
  for (const row of await db.select().from(contentPages)) {
    const seed = seedPages.find((page) => page.slug === row.slug);
    if (!seed || seed.title['ja-JP'] !== row.title['ja-JP'] || seed.body['ja-JP'] !== row.body['ja-JP']) continue;
    const title = withMissingLanguages(row.title, seed.title);
    const body = withMissingLanguages(row.body, seed.body);
    if (title || body) {
      await db
        .update(contentPages)
        .set({ title: title ?? row.title, body: body ?? row.body })
        .where(eq(contentPages.slug, row.slug));
    }
  }
}
