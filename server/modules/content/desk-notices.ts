/**
 * Notices on the operators' desk: each written per language (docs/requirements.md §1.8). Japanese
 * is required, since every reader falls back to it; any other language is written in full (title
 * and text) or left empty, so a reader never sees a title in one language above a text in another.
 */
import type { adminNoticeList, adminNoticeSave, DeskNotice, DeskText } from '@contract/content-desk';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { defaultLocale, type Locale, locales } from '@contract/locales';
import type { Clock } from '@server/clock';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { type LocalisedText, notices } from '@server/db/schema/content';
import { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import { count, desc, eq } from 'drizzle-orm';

/** Every locale, '' where the stored text has none. */
function deskText(text: LocalisedText): DeskText {
  return Object.fromEntries(locales.map((locale) => [locale, text[locale] ?? ''])) as DeskText;
}

/** Only the languages written: an unwritten one is absent, so readers fall back to Japanese. */
function storedText(text: DeskText): LocalisedText {
  return Object.fromEntries(Object.entries(text).filter(([, value]) => value !== ''));
}

/** A language named in the reader's language ("韓国語"), for the refusal that names it. */
const languageTags: Record<Locale, string> = {
  'ja-JP': 'ja',
  'en-US': 'en',
  'ko-KR': 'ko',
  'zh-CN': 'zh-Hans',
  'zh-TW': 'zh-Hant',
  'fil-PH': 'fil',
  'vi-VN': 'vi',
};
function languageName(language: Locale, reader: Locale): string {
  const tag = languageTags[language];
  return new Intl.DisplayNames([reader], { type: 'language' }).of(tag) ?? tag;
}

/** Refuses an item whose Japanese is missing or with a language half written, naming each field. */
function checkLanguages(texts: Record<'title' | 'content', DeskText>, t: Translate, reader: Locale): void {
  const fields: Record<string, string> = {};
  for (const [field, text] of Object.entries(texts)) {
    if (text[defaultLocale] === '') fields[`${field}.${defaultLocale}`] = t('admin.contentJapaneseRequired');
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'admin.contentJapaneseRequired', {}, { fields });
  for (const locale of locales) {
    const written = Object.entries(texts).map(([field, text]) => [field, text[locale] !== ''] as const);
    if (written.every(([, done]) => done) || written.every(([, done]) => !done)) continue;
    const language = languageName(locale, reader);
    for (const [field, done] of written) {
      if (!done) fields[`${field}.${locale}`] = t('admin.contentLanguageIncomplete', { language });
    }
    throw new ApiError(400, 'admin.contentLanguageIncomplete', { language }, { fields });
  }
}

export async function deskNotices(
  db: Database,
  page: ParsedBodyOf<typeof adminNoticeList>,
): Promise<DataOf<typeof adminNoticeList>> {
  const found = await onePage(
    page,
    db.select().from(notices).orderBy(desc(notices.publishedAt), desc(notices.id)),
    db.select({ total: count() }).from(notices),
  );
  return {
    total: found.total,
    list: found.list.map(
      (row): DeskNotice => ({
        id: row.id,
        title: deskText(row.title),
        content: deskText(row.content),
        pinned: row.pinned,
        publishedAt: row.publishedAt.toISOString(),
      }),
    ),
  };
}

export async function saveNotice(
  deps: { db: Database; clock: Clock },
  request: { clientAddress: string; requestId: string; t: Translate; locale: Locale },
  operator: Principal,
  body: ParsedBodyOf<typeof adminNoticeSave>,
): Promise<DataOf<typeof adminNoticeSave>> {
  checkLanguages({ title: body.title, content: body.content }, request.t, request.locale);
  const values = { title: storedText(body.title), content: storedText(body.content), pinned: body.pinned };
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    let id: number;
    if (body.id === undefined) {
      const [created] = await tx
        .insert(notices)
        .values({ ...values, publishedAt: now })
        .returning({ id: notices.id });
      if (!created) throw new Error('the notice insert returned no row');
      id = created.id;
    } else {
      const [updated] = await tx
        .update(notices)
        .set(values)
        .where(eq(notices.id, body.id))
        .returning({ id: notices.id });
      if (!updated) throw new ApiError(404, 'admin.noticeNotFound');
      id = updated.id;
    }
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: body.id === undefined ? 'notice.create' : 'notice.update',
      subject: `notice:${id}`,
    });
    return { id };
  });
}
