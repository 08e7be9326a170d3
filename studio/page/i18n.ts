/**
 * The studio page's own strings (locales/<lng>/studio.json), in the language the launch URL's `lang`
 * names; only that locale's file is downloaded.
 */
import { type Locale, negotiateLocale } from '@contract/locales';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

export function pageLocale(search: string): Locale {
  return negotiateLocale(new URLSearchParams(search).get('lang'));
}

export async function initStudioI18n(lng: Locale): Promise<void> {
  const strings = (await import(`../../locales/${lng}/studio.json`)) as { default: Record<string, unknown> };
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { studio: strings.default } },
    ns: ['studio'],
    defaultNS: 'studio',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = lng;
}

/** Coins written the page's way: whole numbers with the language's grouping. */
export function useCoins(): (coins: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (coins) => format.format(coins);
}
