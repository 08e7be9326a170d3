import { defaultLocale, type Locale } from '@contract/locales';
import type { LocalisedText } from './db/schema/content';

/** The text in the reader's locale, else the default locale's, else any written one. */
export function pickLocalised(text: LocalisedText, locale: Locale): string {
  return text[locale] ?? text[defaultLocale] ?? Object.values(text).find((value) => value) ?? '';
}
