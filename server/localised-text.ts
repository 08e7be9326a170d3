import { shownLanguage } from '@contract/content-languages';
import { defaultLocale, type Locale } from '@contract/locales';
import type { LocalisedText } from './db/schema/content';

/** The text in the reader's locale, else the default locale's, else any written one. */
export function pickLocalised(text: LocalisedText, locale: Locale): string {
  return text[locale] ?? text[defaultLocale] ?? Object.values(text).find((value) => value) ?? '';
}

/**
 * An item's texts all in one language, the one `shownLanguage` chooses. `lang` names the language
 * shown, which the page marks when it is not the reader's (docs/requirements.md §1.8).
 */
export function localisedItem<K extends string>(
  texts: Record<K, LocalisedText>,
  locale: Locale,
): Record<K, string> & { lang: Locale } {
  const lang = shownLanguage(Object.values<LocalisedText>(texts), locale);
  const picked = Object.fromEntries(
    Object.entries<LocalisedText>(texts).map(([key, text]) => [key, pickLocalised(text, lang)]),
  ) as Record<K, string>;
  return { ...picked, lang };
}
