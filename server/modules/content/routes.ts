import { promotionDetail } from '@contract/bonus';
import {
  bannerQuery,
  contentPageQuery,
  countryQuery,
  favorableQuery,
  latestGamesQuery,
  noticeQuery,
  popularGamesQuery,
} from '@contract/content';
import {
  adminBannerList,
  adminBannerPublish,
  adminBannerSave,
  adminContentPageList,
  adminContentPageSave,
  adminNoticeList,
  adminNoticeSave,
} from '@contract/content-desk';
import type { DataOf, Endpoint } from '@contract/endpoint';
import type { Clock } from '@server/clock';
import { jsonRoute, jsonText, type RequestContext, route } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { deskBanners, publishBanner, saveBanner } from './desk-banners';
import { deskNotices, saveNotice } from './desk-notices';
import { deskContentPages, saveContentPage } from './desk-pages';
import type { PublicContentCache } from './public-cache';
import {
  getContentPage,
  getPromotion,
  listBanners,
  listCountries,
  listGames,
  listNotices,
  listPromotions,
} from './service';

export function contentRoutes(deps: { db: Database; clock: Clock; contentCache: PublicContentCache }) {
  const { db, clock, contentCache } = deps;
  // Answers are kept as JSON text, so a cached answer is not serialised again on every call.
  const cached = <E extends Endpoint>(endpoint: E, load: (context: RequestContext<E>) => Promise<DataOf<E>>) =>
    jsonRoute(endpoint, (context) =>
      contentCache.remember(`${endpoint.path} ${context.locale} ${JSON.stringify(context.body)}`, async () =>
        jsonText(await load(context)),
      ),
    );
  return [
    cached(countryQuery, ({ locale }) => listCountries(db, locale)),
    cached(bannerQuery, ({ locale, body }) => listBanners(db, locale, clock.now(), body.position)),
    cached(noticeQuery, ({ locale, body }) => listNotices(db, locale, clock.now(), body)),
    cached(favorableQuery, ({ locale, body }) => listPromotions(db, locale, clock.now(), body)),
    cached(promotionDetail, ({ locale, body }) => getPromotion(db, locale, clock.now(), body.id)),
    cached(popularGamesQuery, ({ locale, body }) => listGames(db, locale, clock.now(), 'popular', body.limit)),
    cached(latestGamesQuery, ({ locale, body }) => listGames(db, locale, clock.now(), 'latest', body.limit)),
    cached(contentPageQuery, ({ locale, body }) => getContentPage(db, locale, body.slug)),
    // A saved notice reaches readers once the cached answers expire (within the cache's ttl).
    route(adminNoticeList, ({ body }) => deskNotices(db, body)),
    route(adminNoticeSave, (context) => saveNotice({ db, clock }, context, context.principal, context.body)),
    // So do saved banners and pages.
    route(adminBannerList, () => deskBanners(db)),
    route(adminBannerSave, (context) => saveBanner({ db, clock }, context, context.principal, context.body)),
    route(adminBannerPublish, (context) => publishBanner({ db, clock }, context, context.principal, context.body)),
    route(adminContentPageList, () => deskContentPages(db)),
    route(adminContentPageSave, (context) => saveContentPage({ db, clock }, context, context.principal, context.body)),
  ];
}
