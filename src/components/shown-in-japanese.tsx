import { defaultLocale, type Locale } from '@contract/locales';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';

/**
 * Whether an item (a notice, a banner, a game's name) came in Japanese because the operator left it
 * unwritten in the reader's language (docs/requirements.md §1.8).
 */
function shownInJapaneseInstead(lang: Locale): boolean {
  return lang === defaultLocale && currentLanguage() !== defaultLocale;
}

/** The `lang` attribute of such an item's text, so screen readers read it as Japanese; none otherwise. */
export function textLang(lang: Locale): 'ja' | undefined {
  return shownInJapaneseInstead(lang) ? 'ja' : undefined;
}

/** A small mark, in the reader's language, beside an item shown in Japanese instead of theirs. */
export function ShownInJapaneseBadge({ lang }: { lang: Locale }) {
  const { t } = useTranslation('common');
  if (!shownInJapaneseInstead(lang)) return null;
  return (
    <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }} lang={currentLanguage()}>
      {t('shownInJapanese')}
    </Badge>
  );
}
