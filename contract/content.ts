import * as v from 'valibot';
import { emptyBody, endpoint, isoDateTime, pageOf, pageQuery } from './endpoint';
import { locales } from './locales';

/**
 * The language an item's texts are shown in: the request's, or ja-JP's when an operator left the
 * item unwritten in the request's (docs/requirements.md §1.8); the page marks the second case.
 */
const shownIn = v.picklist(locales);

export const promotionCategories = ['all', 'limited', 'longTerm', 'special', 'past'] as const;
export type PromotionCategory = (typeof promotionCategories)[number];

export const gameKinds = ['slot', 'pachinko', 'pachislot'] as const;
export type GameKind = (typeof gameKinds)[number];

/** How far one round's win strays from its mean, as the provider states it: the hall shows and filters by it. */
export const gameVolatilities = ['low', 'medium', 'high', 'veryHigh'] as const;
export type GameVolatility = (typeof gameVolatilities)[number];

/** A game of the hall as home lists it; `code` opens the hall on it (`/amigo?game=<code>`). */
const game = v.object({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  lang: shownIn,
  kind: v.picklist(gameKinds),
  imageUrl: v.string(),
  machineCount: v.number(),
  /** Paid rounds in the last 7 days. */
  popularity: v.number(),
  /** When it came to the hall. */
  releasedAt: isoDateTime,
});
export type Game = v.InferOutput<typeof game>;

const listLimit = v.object({
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 12),
});

export const countryQuery = endpoint({
  path: '/v2/app/country',
  access: 'public',
  summary: 'Countries and their dialling codes, named in the request language',
  body: emptyBody,
  data: v.array(v.object({ code: v.string(), name: v.string(), dialCode: v.string() })),
});

const banner = v.object({
  id: v.number(),
  title: v.string(),
  lang: shownIn,
  imageUrl: v.string(),
  linkUrl: v.nullable(v.string()),
});
export type Banner = v.InferOutput<typeof banner>;

export const bannerQuery = endpoint({
  path: '/v2/app/banner/query',
  access: 'public',
  summary: 'Home-page banners in display order',
  body: v.optional(v.object({ position: v.optional(v.picklist(['home', 'promotion']), 'home') }), {}),
  data: v.array(banner),
});

const notice = v.object({
  id: v.number(),
  title: v.string(),
  content: v.string(),
  lang: shownIn,
  pinned: v.boolean(),
  publishedAt: isoDateTime,
});
export type Notice = v.InferOutput<typeof notice>;

export const noticeQuery = endpoint({
  path: '/v2/app/notice/query',
  access: 'public',
  summary: 'Published notices, pinned first, newest first',
  body: v.optional(pageQuery, {}),
  data: pageOf(notice),
});

export const promotion = v.object({
  id: v.number(),
  title: v.string(),
  summary: v.string(),
  content: v.string(),
  lang: shownIn,
  imageUrl: v.string(),
  category: v.picklist(promotionCategories),
  startsAt: isoDateTime,
  endsAt: v.nullable(isoDateTime),
});
export type Promotion = v.InferOutput<typeof promotion>;

export const favorableQuery = endpoint({
  path: '/v2/app/favorable/query',
  access: 'public',
  summary: 'Promotions by category (all, limited-time, long-term, special, past)',
  body: v.optional(
    v.object({ ...pageQuery.entries, category: v.optional(v.picklist(promotionCategories), 'all') }),
    {},
  ),
  data: pageOf(promotion),
});

export const popularGamesQuery = endpoint({
  path: '/v2/app/game/query/pop/new',
  access: 'public',
  summary: 'The hall’s games most played in the last 7 days',
  body: v.optional(listLimit, {}),
  data: v.array(game),
});

export const latestGamesQuery = endpoint({
  path: '/v2/app/game/query/latest/new',
  access: 'public',
  summary: 'The hall’s games, newest first',
  body: v.optional(listLimit, {}),
  data: v.array(game),
});

export const contentPageSlugs = [
  'about-us',
  'privacy-policy',
  'user-agreement',
  'responsible-game',
  'discount-statute',
  'licence-privacy-policy',
  'terms-conditions',
  'responsible-gaming',
  'download',
  'support',
  'activity',
  'deposit-guide',
  'faq',
  'game-guide',
  'account-transfer',
] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

export const contentPageQuery = endpoint({
  path: '/v2/app/page/query',
  access: 'public',
  summary: 'An operator-editable content page (about, licence, guide pages)',
  body: v.object({ slug: v.picklist(contentPageSlugs) }),
  data: v.object({
    slug: v.string(),
    title: v.string(),
    body: v.string(),
    lang: shownIn,
    updatedAt: isoDateTime,
  }),
});
