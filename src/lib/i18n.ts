import { isLocale, type Locale, locales } from '@contract/locales';
import { appManifestPath } from '@contract/support-app';
import dayjs from 'dayjs';
import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { readStoredLanguage, storeLanguage } from './storage';

/** Namespaces every page needs, fetched before the first render; others load on first use. */
export const preloadedNamespaces = ['common', 'home', 'content', 'account'] as const;

/** Each language named in itself, for the language switcher. */
export const languageNames: Record<Locale, string> = {
  'ja-JP': '日本語',
  'en-US': 'English',
  'ko-KR': '한국어',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'fil-PH': 'Filipino',
  'vi-VN': 'Tiếng Việt',
};

export function currentLanguage(): Locale {
  return isLocale(i18next.language) ? i18next.language : readStoredLanguage();
}

/** Stores the choice and reloads, so every text, date and request starts again in the new language. */
export function changeLanguage(lng: Locale): void {
  storeLanguage(lng);
  window.location.reload();
}

/**
 * dayjs (and so Mantine dates) has packs for six of the seven locales; the others read English,
 * dayjs's built-in locale (docs/requirements.md §1).
 */
const dayjsLocalePacks: Partial<Record<Locale, { name: string; load: () => Promise<unknown> }>> = {
  'ja-JP': { name: 'ja', load: () => import('dayjs/locale/ja.js') },
  'ko-KR': { name: 'ko', load: () => import('dayjs/locale/ko.js') },
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn.js') },
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw.js') },
  'vi-VN': { name: 'vi', load: () => import('dayjs/locale/vi.js') },
};

export function dayjsLocaleOf(lng: Locale): string {
  return dayjsLocalePacks[lng]?.name ?? 'en';
}

async function applyDayjsLocale(lng: Locale): Promise<void> {
  const pack = dayjsLocalePacks[lng];
  if (pack) await pack.load();
  dayjs.locale(dayjsLocaleOf(lng));
}

/** The SPA's namespaces; studio.json belongs to the studio's own page (studio/page/), not to the SPA. */
const localeFiles = import.meta.glob(['../../locales/*/*.json', '!../../locales/*/studio.json']);

/**
 * Starts i18next in the stored language. Every locale file is complete (a test enforces it), so
 * there is no key-level fallback language: only the active locale's files are downloaded.
 */
export async function initI18n(): Promise<i18n> {
  // An absent or unknown stored value reads as ja-JP, the default.
  const lng = readStoredLanguage();
  document.documentElement.lang = lng;
  await Promise.all([
    i18next
      .use(initReactI18next)
      .use(
        resourcesToBackend(
          (language: string, namespace: string) =>
            localeFiles[`../../locales/${language}/${namespace}.json`]?.() ??
            Promise.reject(new Error(`no locale file ${language}/${namespace}`)),
        ),
      )
      .init({
        lng,
        fallbackLng: false,
        supportedLngs: [...locales],
        load: 'currentOnly',
        ns: [...preloadedNamespaces],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
      }),
    applyDayjsLocale(lng),
  ]);
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('layout.metaDescription'));
  // The app installed from this page is named in the player's language.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', appManifestPath(lng));
  return i18next;
}
