import { defaultLocale, type Locale } from '@contract/locales';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';

/**
 * Whether an item (a notice, a banner, a game's name) came in Japanese because the operator left it
 * unwritten in the reader's language (docs/requirements.md §1.8). The reader is the page's, or the
 * one the desk's preview reads as.
 */
function shownInJapaneseInstead(lang: Locale, reader: Locale): boolean {
  return lang === defaultLocale && reader !== defaultLocale;
}

/** The `lang` attribute of such an item's text, so screen readers read it as Japanese; none otherwise. */
export function textLang(lang: Locale, reader: Locale = currentLanguage()): 'ja' | undefined {
  return shownInJapaneseInstead(lang, reader) ? 'ja' : undefined;
}

/** A small mark, in the reader's language, beside an item shown in Japanese instead of theirs. */
export function ShownInJapaneseBadge({ lang, reader = currentLanguage() }: { lang: Locale; reader?: Locale }) {
  // The desk's preview reads as another language than the page's: its words load on first use.
  const { t, ready } = useTranslation('common', { lng: reader, useSuspense: false });
  if (!shownInJapaneseInstead(lang, reader) || !ready) return null;
  return (
    <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }} lang={reader}>
      {t('shownInJapanese')}
    </Badge>
  );
}
