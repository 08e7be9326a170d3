import { type ManualStatus, manualStatuses } from '@contract/money';
import { defined, oneOf, type PagedSearch, pagedOf, type RawSearch, textOf } from '../admin/queue-search';

/* The manual deposit queue's filters, kept in the URL (see admin/queue-search.ts). */

export interface ManualDepositQueueSearch extends PagedSearch {
  status?: ManualStatus;
  keyword?: string;
}

export function manualDepositQueueSearchOf(search: RawSearch): ManualDepositQueueSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(manualStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}
