import { type AgentApplicationStatus, agentApplicationStatuses } from '@contract/agent';
import { defined, oneOf, type PagedSearch, pagedOf, type RawSearch, textOf } from '../admin/queue-search';

/* The agent application queue's and an agent's team's filters, kept in the URL (see admin/queue-search.ts). */

export interface AgentApplicationQueueSearch extends PagedSearch {
  status?: AgentApplicationStatus;
  keyword?: string;
}

export interface AgentTeamSearch extends PagedSearch {
  keyword?: string;
}

export function agentApplicationQueueSearchOf(search: RawSearch): AgentApplicationQueueSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(agentApplicationStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}

export function agentTeamSearchOf(search: RawSearch): AgentTeamSearch {
  return defined({ ...pagedOf(search), keyword: textOf(search.keyword, 100) });
}
