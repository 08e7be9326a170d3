import { maxDateRangeDays } from '@contract/endpoint';
import { ActionIcon, Card, Center, Pagination, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm, PeriodField, pickedOf, SearchField, useFilterForm } from '@/components/filter-form';
import { type TeamQuery, type TeamSearch, teamPageSize } from './team-filters';

/**
 * The period picker of the team pages: a range of Japan-time days, at most the contract's limit.
 * Each filter is a form of its own, made again when the search it shows changes.
 */
export function TeamPeriodInput(props: { query: TeamQuery; onChange(patch: Partial<TeamSearch>): void }) {
  return <TeamPeriodForm key={`${props.query.period.from}/${props.query.period.to}`} {...props} />;
}

function TeamPeriodForm({ query, onChange }: { query: TeamQuery; onChange(patch: Partial<TeamSearch>): void }) {
  const { t } = useTranslation('agent-reports');
  const form = useFilterForm({ period: pickedOf(query.period.from, query.period.to) });
  return (
    <FilterForm
      form={form}
      namespace="agent-reports"
      onApply={({ period: [from, to] }) => {
        if (from && to) onChange({ from, to });
      }}
    >
      <PeriodField
        label={t('filters.period')}
        description={t('filters.periodHint', { days: maxDateRangeDays })}
        w={{ base: '100%', xs: 260 }}
      />
    </FilterForm>
  );
}

/** A member-account search applied on Enter or on leaving the field. */
export function AccountSearch(props: { value: string; onApply(account: string | undefined): void }) {
  return <AccountSearchForm key={props.value} {...props} />;
}

function AccountSearchForm({ value, onApply }: { value: string; onApply(account: string | undefined): void }) {
  const { t } = useTranslation('agent-reports');
  const form = useFilterForm({ account: value });
  return (
    <FilterForm
      form={form}
      namespace="agent-reports"
      onApply={({ account }) => onApply(account.trim() === '' ? undefined : account.trim())}
    >
      <SearchField
        name="account"
        label={t('filters.account')}
        placeholder={t('filters.accountHint')}
        maxLength={50}
        w={{ base: '100%', xs: 200 }}
      />
    </FilterForm>
  );
}

export function RefreshButton() {
  const { t } = useTranslation('agent-reports');
  const queryClient = useQueryClient();
  return (
    <Tooltip label={t('filters.refresh')}>
      <ActionIcon
        variant="light"
        size="lg"
        aria-label={t('filters.refresh')}
        onClick={() => void queryClient.invalidateQueries({ queryKey: ['agent-team'] })}
      >
        ↻
      </ActionIcon>
    </Tooltip>
  );
}

/** A table of a list page, scrolling sideways on a narrow screen, with its paging. */
export function TeamTable({
  label,
  head,
  rows,
  total,
  pageNum,
  onPage,
}: {
  label: string;
  head: string[];
  rows: ReactNode[];
  total: number;
  pageNum: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('agent-reports');
  return (
    <Stack gap="md">
      {rows.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed" ta="center">
            {t('empty')}
          </Text>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {head.map((name) => (
                  <Table.Th key={name}>{name}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{rows}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > teamPageSize && (
        <Center>
          <Pagination total={Math.ceil(total / teamPageSize)} value={pageNum} onChange={onPage} size="sm" />
        </Center>
      )}
    </Stack>
  );
}
