import { type WithdrawalStatus, withdrawalStatuses } from '@contract/money';
import { type WithdrawalMethod, withdrawalMethods } from '@contract/withdrawal';
import { defined, oneOf, type PagedSearch, pagedOf, type RawSearch, textOf } from '../admin/queue-search';

/* The withdrawal queue's filters, kept in the URL (see admin/queue-search.ts). */

export interface WithdrawalQueueSearch extends PagedSearch {
  status?: WithdrawalStatus;
  method?: WithdrawalMethod;
  keyword?: string;
}

export function withdrawalQueueSearchOf(search: RawSearch): WithdrawalQueueSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(withdrawalStatuses, search.status),
    method: oneOf(withdrawalMethods, search.method),
    keyword: textOf(search.keyword, 100),
  });
}
