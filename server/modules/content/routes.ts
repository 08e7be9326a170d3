import {
  bannerQuery,
  contentPageQuery,
  countryQuery,
  favorableQuery,
  latestGamesQuery,
  noticeQuery,
  popularGamesQuery,
} from '../../../contract/content';
import { route } from '../../contract-router';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import {
  getContentPage,
  listBanners,
  listCountries,
  listGames,
  listNotices,
  listPromotions,
} from './service';

export function contentRoutes(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return [
    route(countryQuery, ({ locale }) => listCountries(db, locale)),
    route(bannerQuery, ({ locale, body }) => listBanners(db, locale, body.position)),
    route(noticeQuery, ({ locale, body }) => listNotices(db, locale, clock.now(), body)),
    route(favorableQuery, ({ locale, body }) => listPromotions(db, locale, clock.now(), body)),
    route(popularGamesQuery, ({ locale, body }) => listGames(db, locale, 'popular', body.limit)),
    route(latestGamesQuery, ({ locale, body }) => listGames(db, locale, 'latest', body.limit)),
    route(contentPageQuery, ({ locale, body }) => getContentPage(db, locale, body.slug)),
  ];
}
