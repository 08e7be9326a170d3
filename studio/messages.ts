import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultLocale, type Locale, locales } from '@contract/locales';

const localesDir = fileURLToPath(new URL('../locales', import.meta.url));

type Messages = Record<string, string>;

/** Nested messages by their dotted keys (`protection.lossLimit`). */
function flattened(tree: Record<string, unknown>, prefix = ''): Messages {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flattened(value as Record<string, unknown>, `${prefix}${key}.`)),
    ),
  );
}

/** The studio API's messages (locales/<lng>/studio.json, its `api` and `pachislot.api` parts), loaded once. */
function loadMessages(): Map<Locale, Messages> {
  return new Map(
    locales.map((locale) => {
      const file = JSON.parse(readFileSync(`${localesDir}/${locale}/studio.json`, 'utf8')) as {
        api: Record<string, unknown>;
        pachislot?: { api?: Record<string, unknown> };
      };
      return [locale, flattened({ ...file.api, pachislot: file.pachislot?.api ?? {} })];
    }),
  );
}

export type StudioTranslate = (key: string, values?: Record<string, string>) => string;

export function createStudioMessages(): (locale: Locale) => StudioTranslate {
  const messages = loadMessages();
  const fallback = messages.get(defaultLocale) ?? {};
  return (locale) => {
    const own = messages.get(locale) ?? fallback;
    return (key, values = {}) =>
      (own[key] ?? fallback[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? '');
  };
}
