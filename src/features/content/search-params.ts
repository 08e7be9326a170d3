import { type PromotionCategory, promotionCategories } from '@contract/content';

/* Search parameters of the list pages. Absent means the default, so plain links need no search. */

export interface PageSearch {
  page?: number;
}

/** `notice` names the notice shown open (a home headline links to it). */
export interface NoticeSearch extends PageSearch {
  notice?: number;
}

export interface PromotionSearch extends PageSearch {
  category?: PromotionCategory;
}

function pageNumberOf(value: unknown): number | undefined {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : undefined;
}

export function pageSearchOf(search: Record<string, unknown>): PageSearch {
  const page = pageNumberOf(search.page);
  return page ? { page } : {};
}

export function noticeSearchOf(search: Record<string, unknown>): NoticeSearch {
  const notice = Number(search.notice);
  return { ...pageSearchOf(search), ...(Number.isInteger(notice) && notice > 0 ? { notice } : {}) };
}

export function promotionSearchOf(search: Record<string, unknown>): PromotionSearch {
  const category = promotionCategories.find((candidate) => candidate === search.category);
  return { ...pageSearchOf(search), ...(category && category !== 'all' ? { category } : {}) };
}
