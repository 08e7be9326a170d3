import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, DeskList, DeskPage, FilterBar, PeriodFilter, TextFilter } from './desk-list';
import type { PagedSearch } from './queue-search';

/*
 * The shape of the desk's review queues and player list: heading, filters over the URL's search, the
 * list with paging. A page states its query, its filters and its rows; changing a filter goes back
 * to the first page.
 */

export interface QueuePageProps<TSearch extends PagedSearch> {
  search: TSearch;
  onSearchChange(next: TSearch): void;
}

export function QueuePage<TSearch extends PagedSearch, TData extends { total: number }>({
  title,
  description,
  search,
  onSearchChange,
  result,
  filters,
  periodLabel,
  children,
}: QueuePageProps<TSearch> & {
  title: string;
  description: string;
  result: UseQueryResult<TData>;
  /** The page's own filters, before the period; `change` applies a filter from the first page. */
  filters(change: (patch: Partial<TSearch>) => void): ReactNode;
  periodLabel: string;
  children(data: TData): ReactNode;
}) {
  const change = (patch: Partial<TSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  return (
    <DeskPage title={title} description={description}>
      <FilterBar>
        {filters(change)}
        <PeriodFilter
          label={periodLabel}
          from={search.from}
          to={search.to}
          onChange={(period) => change(period as Partial<TSearch>)}
        />
      </FilterBar>
      <DeskList
        result={result}
        page={search.page ?? 1}
        onPage={(page) => onSearchChange({ ...search, page })}
        label={title}
      >
        {children}
      </DeskList>
    </DeskPage>
  );
}

/**
 * The status a list shows. A queue opens on what waits for a decision: that status is its `standard`,
 * kept out of the URL and not clearable. Without one, every status shows until one is chosen.
 */
export function StatusFilter<T extends string>({
  label,
  value,
  options,
  standard,
  onChange,
}: {
  label?: string;
  value: T | undefined;
  options: readonly T[];
  standard?: T;
  onChange(status: T | undefined): void;
}) {
  const { t } = useTranslation('admin');
  const common = { label: label ?? t('filters.status'), options, optionLabel: (status: T) => t(`status.${status}`) };
  if (standard === undefined)
    return <ChoiceFilter {...common} placeholder={t('filters.all')} value={value} onChange={onChange} />;
  return (
    <ChoiceFilter
      {...common}
      value={value ?? standard}
      onChange={(status) => onChange(status === standard ? undefined : status)}
      clearable={false}
    />
  );
}

/** Free text naming a player: account, e-mail, nickname or user id. */
export function PlayerFilter({
  label,
  value,
  onApply,
}: {
  label?: string;
  value: string | undefined;
  onApply(keyword: string | undefined): void;
}) {
  const { t } = useTranslation('admin');
  return <TextFilter label={label ?? t('filters.player')} value={value} onApply={onApply} maxLength={100} />;
}
