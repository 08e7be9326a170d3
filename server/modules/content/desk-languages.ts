/**
 * What the desk's editors of notices, banners and pages share: an item is written per language
 * (docs/requirements.md §1.8). Japanese is required, since every reader falls back to it; any other
 * language is written in full (every text of the item) or left empty, so a reader never sees a
 * title in one language above a text in another.
 */
import type { DeskText } from '@contract/content-desk';
import { defaultLocale, type Locale, locales } from '@contract/locales';
import type { LocalisedText } from '@server/db/schema/content';
import { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';

/** Every locale, '' where the stored text has none. */
export function deskText(text: LocalisedText): DeskText {
  return Object.fromEntries(locales.map((locale) => [locale, text[locale] ?? ''])) as DeskText;
}

/** Only the languages written: an unwritten one is absent, so readers fall back to Japanese. */
export function storedText(text: DeskText): LocalisedText {
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

/**
 * Refuses an item whose Japanese is missing or with a language half written, naming each field.
 * `japaneseRequired` is the refusal's message key, which names the item's texts ("title and text").
 */
export function checkLanguages(
  texts: Record<string, DeskText>,
  japaneseRequired: 'admin.contentJapaneseRequired' | 'admin.bannerJapaneseRequired',
  request: { t: Translate; locale: Locale },
): void {
  const fields: Record<string, string> = {};
  for (const [field, text] of Object.entries(texts)) {
    if (text[defaultLocale] === '') fields[`${field}.${defaultLocale}`] = request.t(japaneseRequired);
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, japaneseRequired, {}, { fields });
  for (const locale of locales) {
    const written = Object.entries(texts).map(([field, text]) => [field, text[locale] !== ''] as const);
    if (written.every(([, done]) => done) || written.every(([, done]) => !done)) continue;
    const language = languageName(locale, request.locale);
    for (const [field, done] of written) {
      if (!done) fields[`${field}.${locale}`] = request.t('admin.contentLanguageIncomplete', { language });
    }
    throw new ApiError(400, 'admin.contentLanguageIncomplete', { language }, { fields });
  }
}
