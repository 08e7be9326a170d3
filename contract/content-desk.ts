import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { contentPageSlugs } from './content';
import { emptyBody, endpoint, isoDateTime, pageOf, pageQuery, rowId } from './endpoint';
import { type Locale, locales } from './locales';
import { multiLine, singleLine } from './plain-text';

/* The desk's editing of notices, banners and pages, apart from contract/content.ts so the player's pages never load it. */

/**
 * A text as the desk edits it: one entry per locale, '' where the operator left it unwritten.
 * ja-JP is required and every other language is written in full or left empty; the server checks
 * both, on the whole item (docs/requirements.md §1.8).
 */
function perLocale<const S extends v.GenericSchema<string, string>>(text: S) {
  const entries = Object.fromEntries(locales.map((locale) => [locale, v.optional(text, '')]));
  return v.object(entries as Record<Locale, v.OptionalSchema<S, ''>>);
}

const deskTitle = perLocale(v.pipe(v.string(), v.trim(), v.maxLength(200), singleLine));
const deskBody = perLocale(v.pipe(v.string(), v.trim(), v.maxLength(10_000), multiLine));
export type DeskText = v.InferOutput<typeof deskTitle>;

const deskNotice = v.object({
  id: v.number(),
  title: deskTitle,
  content: deskBody,
  pinned: v.boolean(),
  publishedAt: isoDateTime,
});
export type DeskNotice = v.InferOutput<typeof deskNotice>;

export const adminNoticeList = endpoint({
  path: '/v2/admin/notice/list',
  access: 'admin',
  roles: deskRoles.contentRead,
  summary: 'Every notice with its text in each language (empty where unwritten), newest first',
  body: v.optional(pageQuery, {}),
  data: pageOf(deskNotice),
});

export const adminNoticeSave = endpoint({
  path: '/v2/admin/notice/save',
  access: 'admin',
  roles: deskRoles.content,
  summary:
    'Write a new notice (without id) or rewrite one: title and text per language, Japanese required, each other language in full or empty',
  body: v.object({
    id: v.optional(rowId('validation.notice')),
    title: deskTitle,
    content: deskBody,
    pinned: v.optional(v.boolean(), false),
  }),
  data: v.object({ id: v.number() }),
});

export const bannerPositions = ['home', 'promotion'] as const;

/** A picture or a link: a path of this site ('/game/guide') or an https address elsewhere. */
const siteOrHttpsAddress = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.maxLength(500, message),
    v.check((address) => /^\/(?!\/)\S*$/.test(address) || /^https:\/\/[^\s/]+\S*$/.test(address), message),
  );

/** When a banner starts and stops showing; either end may be open. */
const bannerSchedule = {
  showsFrom: v.nullable(isoDateTime),
  showsUntil: v.nullable(isoDateTime),
};

const deskBanner = v.object({
  id: v.number(),
  position: v.picklist(bannerPositions),
  title: deskTitle,
  imageUrl: v.string(),
  /** '' when the banner links nowhere. */
  linkUrl: v.string(),
  sort: v.number(),
  /** Published: shown to players inside its schedule; a withdrawn banner is shown to nobody. */
  active: v.boolean(),
  ...bannerSchedule,
});
export type DeskBanner = v.InferOutput<typeof deskBanner>;

export const adminBannerList = endpoint({
  path: '/v2/admin/banner/list',
  access: 'admin',
  roles: deskRoles.contentRead,
  summary: 'Every banner, published or not, with its title in each language (empty where unwritten), in display order',
  body: emptyBody,
  data: v.array(deskBanner),
});

export const adminBannerSave = endpoint({
  path: '/v2/admin/banner/save',
  access: 'admin',
  roles: deskRoles.content,
  summary:
    'Write a new banner (without id, withdrawn until published) or rewrite one: title per language (Japanese required), picture, link, order and schedule',
  body: v.pipe(
    v.object({
      id: v.optional(rowId('validation.banner')),
      position: v.picklist(bannerPositions, 'validation.bannerPosition'),
      title: deskTitle,
      imageUrl: siteOrHttpsAddress('validation.bannerImage'),
      linkUrl: v.optional(
        v.union([v.literal(''), siteOrHttpsAddress('validation.bannerLink')], 'validation.bannerLink'),
        '',
      ),
      sort: v.optional(
        v.pipe(
          v.number('validation.bannerSort'),
          v.integer('validation.bannerSort'),
          v.minValue(0, 'validation.bannerSort'),
          v.maxValue(9999, 'validation.bannerSort'),
        ),
        0,
      ),
      showsFrom: v.optional(bannerSchedule.showsFrom, null),
      showsUntil: v.optional(bannerSchedule.showsUntil, null),
    }),
    v.forward(
      v.check(
        ({ showsFrom, showsUntil }) => !showsFrom || !showsUntil || Date.parse(showsUntil) > Date.parse(showsFrom),
        'validation.bannerSchedule',
      ),
      ['showsUntil'],
    ),
  ),
  data: v.object({ id: v.number() }),
});

export const adminBannerPublish = endpoint({
  path: '/v2/admin/banner/publish',
  access: 'admin',
  roles: deskRoles.content,
  summary: 'Publish a banner (shown inside its schedule) or withdraw it (shown to nobody)',
  body: v.object({ id: rowId('validation.banner'), active: v.boolean() }),
  data: v.object({ id: v.number(), active: v.boolean() }),
});

const deskContentPage = v.object({
  slug: v.picklist(contentPageSlugs),
  title: deskTitle,
  body: deskBody,
  updatedAt: isoDateTime,
});
export type DeskContentPage = v.InferOutput<typeof deskContentPage>;

export const adminContentPageList = endpoint({
  path: '/v2/admin/page/list',
  access: 'admin',
  roles: deskRoles.contentRead,
  summary: 'The content pages (guides, FAQ, about and licence pages) with title and text in each language',
  body: emptyBody,
  data: v.array(deskContentPage),
});

export const adminContentPageSave = endpoint({
  path: '/v2/admin/page/save',
  access: 'admin',
  roles: deskRoles.content,
  summary:
    'Rewrite a content page: title and text per language, Japanese required, each other language in full or empty',
  body: v.object({
    slug: v.picklist(contentPageSlugs, 'validation.contentPage'),
    title: deskTitle,
    body: deskBody,
  }),
  data: v.object({ slug: v.picklist(contentPageSlugs) }),
});
