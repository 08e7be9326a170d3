import { type KycSubmissionStatus, kycSubmissionStatuses } from '@contract/kyc';
import { defined, oneOf, type PagedSearch, pagedOf, type RawSearch, textOf } from '../admin/queue-search';

/* The identity queue's filters, kept in the URL (see admin/queue-search.ts). */

export interface KycQueueSearch extends PagedSearch {
  status?: KycSubmissionStatus;
  keyword?: string;
}

export function kycQueueSearchOf(search: RawSearch): KycQueueSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(kycSubmissionStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}
