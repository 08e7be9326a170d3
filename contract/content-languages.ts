import { defaultLocale, type Locale } from './locales';

/**
 * The language an item with these texts (a notice's title and body, say) is shown in to a reader
 * of `locale`: theirs when the item has every one of its texts in it, else ja-JP, so a page never
 * mixes two languages within one item (docs/requirements.md §1.8). The server answers by it and the
 * desk's preview shows by it.
 */
export function shownLanguage(texts: readonly Partial<Record<string, string>>[], locale: Locale): Locale {
  return texts.every((text) => Boolean(text[locale]?.trim())) ? locale : defaultLocale;
}
