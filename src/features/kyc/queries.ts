import { kycStateQuery, latestKycSubmission } from '@contract/kyc';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The account's verification state, with the masked ID number and the names on record. */
export const kycStateQueryOptions = () =>
  queryOptions({
    queryKey: ['kyc', 'state'],
    queryFn: () => api.call(kycStateQuery, {}),
    staleTime: 0,
  });

/** The latest submission, with short-lived links to its photos. */
export const latestKycQueryOptions = () =>
  queryOptions({
    queryKey: ['kyc', 'latest'],
    queryFn: () => api.call(latestKycSubmission, {}),
    staleTime: 0,
  });
