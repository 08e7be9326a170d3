import { type ContentPageSlug, contentPageSlugs } from '@contract/content';
import type { Locale } from '@contract/locales';
import { englishPages } from './seed-page-texts/en-US';
import { filipinoPages } from './seed-page-texts/fil-PH';
import { japanesePages } from './seed-page-texts/ja-JP';
import { koreanPages } from './seed-page-texts/ko-KR';
import type { PageText } from './seed-page-texts/page-text';
import { vietnamesePages } from './seed-page-texts/vi-VN';
import { simplifiedChinesePages } from './seed-page-texts/zh-CN';
import { traditionalChinesePages } from './seed-page-texts/zh-TW';

/**
 * Every language's pages keyed by slug, so that the compiler rejects a missing language, or a slug
 * of the contract without its page in some language (docs/requirements.md §1.8).
 */
const pagesByLocale: Record<Locale, Record<ContentPageSlug, PageText>> = {
  'ja-JP': japanesePages,
  'en-US': englishPages,
  'ko-KR': koreanPages,
  'zh-CN': simplifiedChinesePages,
  'zh-TW': traditionalChinesePages,
  'fil-PH': filipinoPages,
  'vi-VN': vietnamesePages,
};

type Written = Readonly<Record<Locale, string>>;

interface SeedPage {
  slug: ContentPageSlug;
  title: Written;
  body: Written;
}

const inEveryLocale = (text: (page: PageText) => string, slug: ContentPageSlug) =>
  Object.fromEntries(Object.entries(pagesByLocale).map(([locale, pages]) => [locale, text(pages[slug])])) as Record<
    Locale,
    string
  >;

/** The operator-editable pages a new installation starts with, in all seven languages. */
export const seedPages: readonly SeedPage[] = contentPageSlugs.map((slug) => ({
  slug,
  title: inEveryLocale((page) => page.title, slug),
  body: inEveryLocale((page) => page.body, slug),
}));
