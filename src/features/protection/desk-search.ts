import { type FamilyDeclarationStatus, familyDeclarationStatuses } from '@contract/protection-desk';
import { defined, oneOf, type PagedSearch, pagedOf, type RawSearch, textOf } from '../admin/queue-search';

/* The family declarations' filters, kept in the URL (see admin/queue-search.ts). */

export interface FamilyDeclarationSearch extends PagedSearch {
  status?: FamilyDeclarationStatus;
  keyword?: string;
}

export function familyDeclarationSearchOf(search: RawSearch): FamilyDeclarationSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(familyDeclarationStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}
