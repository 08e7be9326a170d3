import { maxDateRangeDays } from '@contract/endpoint';
import {
  ActionIcon,
  Badge,
  Card,
  Center,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChoiceField,
  FilterForm,
  PeriodField,
  periodSearchOf,
  pickedOf,
  SearchField,
  useFilterForm,
} from '@/components/filter-form';
import { LoadFailed } from '../user/account-gates';
import { deskQueryKey } from './queries';
import { pageCountOf } from './queue-search';

/* The parts every desk page shares: heading, filter bar, the list's frame with paging. */

export function DeskPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

export function FilterBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {children}
        <Tooltip label={t('filters.refresh')}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t('filters.refresh')}
            onClick={() => void queryClient.invalidateQueries({ queryKey: deskQueryKey })}
          >
            ↻
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}

/**
 * A period of calendar days, at most the contract's limit; a half-chosen or too long range is not
 * applied. Each filter is a form of its own, made again when the search it shows changes.
 */
export function PeriodFilter(props: {
  from: string | undefined;
  to: string | undefined;
  label?: string;
  onChange(period: { from?: string; to?: string }): void;
}) {
  return <PeriodFilterForm key={`${props.from}/${props.to}`} {...props} />;
}

function PeriodFilterForm({
  from,
  to,
  label,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  label?: string;
  onChange(period: { from?: string; to?: string }): void;
}) {
  const { t } = useTranslation('admin');
  const form = useFilterForm({ period: pickedOf(from, to) });
  return (
    <FilterForm form={form} namespace="admin" onApply={({ period }) => onChange(periodSearchOf(period))}>
      <PeriodField
        label={label ?? t('filters.period')}
        placeholder={t('filters.anyPeriod')}
        description={t('filters.periodHint', { days: maxDateRangeDays })}
        clearable
        miw={240}
      />
    </FilterForm>
  );
}

/** Free text applied on Enter or when the field is left, so each keystroke is not a call. */
export function TextFilter(props: {
  label: string;
  value: string | undefined;
  onApply(text: string | undefined): void;
  maxLength: number;
  width?: number;
}) {
  return <TextFilterForm key={props.value ?? ''} {...props} />;
}

function TextFilterForm({
  label,
  value,
  onApply,
  maxLength,
  width = 260,
}: {
  label: string;
  value: string | undefined;
  onApply(text: string | undefined): void;
  maxLength: number;
  width?: number;
}) {
  const form = useFilterForm({ text: value ?? '' });
  return (
    <FilterForm
      form={form}
      namespace="admin"
      onApply={({ text }) => {
        const trimmed = text.trim();
        if (trimmed !== (value ?? '')) onApply(trimmed === '' ? undefined : trimmed);
      }}
    >
      <SearchField name="text" label={label} maxLength={maxLength} w={width} />
    </FilterForm>
  );
}

interface ChoiceFilterProps<T extends string> {
  label: string;
  value: T | undefined;
  options: readonly T[];
  optionLabel(option: T): string;
  onChange(value: T | undefined): void;
  clearable?: boolean;
  placeholder?: string;
}

export function ChoiceFilter<T extends string>(props: ChoiceFilterProps<T>) {
  return <ChoiceFilterForm key={props.value ?? ''} {...props} />;
}

function ChoiceFilterForm<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  clearable = true,
  placeholder,
}: ChoiceFilterProps<T>) {
  const form = useFilterForm<{ choice: string | null }>({ choice: value ?? null });
  return (
    <FilterForm
      form={form}
      namespace="admin"
      onApply={({ choice }) => onChange(options.find((option) => option === choice))}
    >
      <ChoiceField
        name="choice"
        label={label}
        placeholder={placeholder}
        data={options.map((option) => ({ value: option, label: optionLabel(option) }))}
        clearable={clearable}
        w={200}
      />
    </FilterForm>
  );
}

/** A list's frame: loading, failure, empty, or its rows with paging. */
export function DeskList<T extends { total: number }>({
  result,
  page,
  onPage,
  label,
  children,
}: {
  result: UseQueryResult<T>;
  page: number;
  onPage(page: number): void;
  label: string;
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={240} radius="md" />;
  return (
    <Stack gap="md" aria-label={label} component="section">
      <Text size="sm" c="dimmed" data-testid="list-total">
        {t('list.total', { count: result.data.total })}
      </Text>
      {result.data.total === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed" ta="center">
            {t('list.empty')}
          </Text>
        </Card>
      ) : (
        children(result.data)
      )}
      {result.data.total > 0 && pageCountOf(result.data.total) > 1 && (
        <Center>
          <Pagination
            total={pageCountOf(result.data.total)}
            value={page}
            onChange={onPage}
            aria-label={t('list.pages')}
          />
        </Center>
      )}
    </Stack>
  );
}

export function DeskTable({
  label,
  head,
  children,
  minWidth = 720,
}: {
  label: string;
  head: string[];
  children: ReactNode;
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover aria-label={label} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {head.map((title) => (
              <Table.Th key={title}>{title}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const statusColors: Record<string, string> = {
  pendingReview: 'yellow',
  approved: 'teal',
  rejected: 'red',
  notSubmitted: 'gray',
  withdrawalReview: 'yellow',
  withdrawing: 'blue',
  withdrawalSuccessful: 'teal',
  withdrawalFailed: 'red',
  withdrawalCancelled: 'gray',
  inProgress: 'yellow',
  successful: 'teal',
  failed: 'red',
  active: 'teal',
  frozen: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={statusColors[status] ?? 'gray'} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Who a row belongs to: account, e-mail and user id. */
export function PlayerCell({ user }: { user: { userId: number; account: string; email: string } }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} data-user-content>
        {user.account}
      </Text>
      <Text size="xs" c="dimmed" data-user-content>
        {user.email} · #{user.userId}
      </Text>
    </Stack>
  );
}
