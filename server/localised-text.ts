import { defaultLocale, type Locale } from '@contract/locales';
import type { LocalisedText } from './db/schema/content';

/** The text in the reader's locale, else the default locale's, else any written one. */
export function pickLocalised(text: LocalisedText, locale: Locale): string {
  return text[locale] ?? text[defaultLocale] ?? Object.values(text).find((value) => value) ?? '';
}

const isWritten = (text: LocalisedText, locale: Locale) => Boolean(text[locale]?.trim());

/**
 * An item's texts (a notice's title and body, say) all in one language: the reader's when the item
 * has every one of them in it, else ja-JP's, so a page never mixes two languages within one item.
 * `lang` names the language shown, which the page marks when it is not the reader's
 * (docs/requirements.md §1.8).
 */
export function localisedItem<K extends string>(
  texts: Record<K, LocalisedText>,
  locale: Locale,
): Record<K, string> & { lang: Locale } {
  const all = Object.values<LocalisedText>(texts);
  const lang = all.every((text) => isWritten(text, locale)) ? locale : defaultLocale;
  const picked = Object.fromEntries(
    Object.entries<LocalisedText>(texts).map(([key, text]) => [key, pickLocalised(text, lang)]),
  ) as Record<K, string>;
  return { ...picked, lang };
}
