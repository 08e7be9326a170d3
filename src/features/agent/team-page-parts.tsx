import { maxDateRangeDays } from '@contract/endpoint';
import { ActionIcon, Card, Center, Pagination, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastSelectableDay, periodProblem } from '../record/record-filters';
import { type TeamQuery, type TeamSearch, teamPageSize } from './team-filters';

/** The period picker of the team pages: a range of Japan-time days, at most the contract's limit. */
export function TeamPeriodInput({ query, onChange }: { query: TeamQuery; onChange(patch: Partial<TeamSearch>): void }) {
  const { t } = useTranslation('agent-reports');
  const [picked, setPicked] = useState<[string | null, string | null]>([query.period.from, query.period.to]);
  const problem = periodProblem(picked[0], picked[1]);
  return (
    <DatePickerInput
      type="range"
      valueFormat={t('common:layout.dayFormat')}
      label={t('filters.period')}
      value={picked}
      onChange={(value) => {
        const next: [string | null, string | null] = [
          value[0] ? String(value[0]) : null,
          value[1] ? String(value[1]) : null,
        ];
        setPicked(next);
        if (next[0] && next[1] && periodProblem(next[0], next[1]) === null) onChange({ from: next[0], to: next[1] });
      }}
      maxDate={lastSelectableDay(picked[1] ? null : picked[0])}
      error={problem && picked[0] && picked[1] ? t('filters.periodTooLong', { days: maxDateRangeDays }) : undefined}
      description={t('filters.periodHint', { days: maxDateRangeDays })}
      allowSingleDateInRange
      w={{ base: '100%', xs: 260 }}
    />
  );
}

/** A member-account search applied on Enter or on leaving the field. */
export function AccountSearch({ value, onApply }: { value: string; onApply(account: string | undefined): void }) {
  const { t } = useTranslation('agent-reports');
  const [text, setText] = useState(value);
  const apply = () => onApply(text.trim() === '' ? undefined : text.trim());
  return (
    <TextInput
      label={t('filters.account')}
      placeholder={t('filters.accountHint')}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      maxLength={50}
      w={{ base: '100%', xs: 200 }}
    />
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
