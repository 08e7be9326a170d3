import { type LedgerEntryKind, ledgerEntryKinds } from '@contract/ledger';
import { defined, oneOf, type PagedSearch, pagedOf, type RawSearch } from '../admin/queue-search';

/** A player's ledger's filters, kept in the URL (see admin/queue-search.ts). */
export interface LedgerSearch extends PagedSearch {
  kind?: LedgerEntryKind;
}

export function ledgerSearchOf(search: RawSearch): LedgerSearch {
  return defined({ ...pagedOf(search), kind: oneOf(ledgerEntryKinds, search.kind) });
}
