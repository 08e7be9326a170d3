/** The seven product locales; ja-JP is the default and the fallback (docs/requirements.md §1). */
export const locales = ['ja-JP', 'en-US', 'ko-KR', 'zh-CN', 'zh-TW', 'fil-PH', 'vi-VN'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ja-JP';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Picks the best product locale for an Accept-Language header value. */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return defaultLocale;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = locales.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const sameLanguage = locales.find((l) => l.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return defaultLocale;
}
