import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultLocale, type Locale, locales, negotiateLocale } from '@contract/locales';
import i18next, { type TFunction } from 'i18next';

/** Browsers send a handful of distinct Accept-Language values; more than this and the memory starts over. */
const rememberedAcceptLanguages = 256;

const localesDir = fileURLToPath(new URL('../locales', import.meta.url));

function loadServerMessages() {
  return Object.fromEntries(
    locales.map((locale) => [
      locale,
      { server: JSON.parse(readFileSync(`${localesDir}/${locale}/server.json`, 'utf8')) as Record<string, unknown> },
    ]),
  );
}

export type Translate = TFunction<'server'>;

/** Server-side messages (envelope `msg`, field errors, mail) in every locale, loaded once at start. */
export function createServerI18n() {
  const instance = i18next.createInstance();
  void instance.init({
    resources: loadServerMessages(),
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    ns: ['server'],
    defaultNS: 'server',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // One fixed translator per locale, made once: getFixedT on every request shows up in profiles.
  const translators = new Map(locales.map((locale) => [locale, instance.getFixedT(locale, 'server') as Translate]));
  // Parsing Accept-Language on every request shows up too; its answer depends on the header alone.
  const negotiated = new Map<string, Locale>();
  return {
    translator: (locale: Locale) => translators.get(locale) as Translate,
    /** The product locale for an Accept-Language header value. */
    localeOf(header: string | null | undefined): Locale {
      if (!header) return defaultLocale;
      let locale = negotiated.get(header);
      if (locale === undefined) {
        locale = negotiateLocale(header);
        if (negotiated.size >= rememberedAcceptLanguages) negotiated.clear();
        negotiated.set(header, locale);
      }
      return locale;
    },
  };
}
export type ServerI18n = ReturnType<typeof createServerI18n>;
