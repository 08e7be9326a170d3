import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { endpoint, isoDateTime, pageOf, pageQuery, rowId } from './endpoint';
import { type Locale, locales } from './locales';
import { multiLine, singleLine } from './plain-text';

/* The desk's notice editing, apart from contract/content.ts so the player's pages never load it. */

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
