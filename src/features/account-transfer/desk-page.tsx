import {
  adminAccountTransferList,
  adminLegacyAccountImport,
  type DeskAccountTransfer,
  type LegacyImportRow,
} from '@contract/account-transfer-desk';
import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { ApiCallError } from '@/lib/api-client';
import { formatAmount, formatDateTime } from '@/lib/format';
import { DeskList, DeskPage, DeskTable } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { deskPageSize } from '../admin/queue-search';

const movesKey = [...deskQueryKey, 'account-transfers'];

const fileForm = v.object({ file: v.instance(File, 'validation.legacyCsv') });

/** Old-platform accounts in, and the players' moves out (docs/requirements.md §17.3, §17.4). */
export function AccountTransferDeskPage() {
  const { t } = useTranslation('account-transfer');
  return (
    <DeskPage title={t('desk.title')} description={t('desk.description')}>
      <ImportForm />
      <MoveList />
    </DeskPage>
  );
}

function ImportForm() {
  const { t } = useTranslation('account-transfer');
  const queryClient = useQueryClient();
  const form = useForm<{ file: File | null }>({
    mode: 'uncontrolled',
    initialValues: { file: null },
    validate: schemaResolver(fileForm, { sync: true }),
  });
  const importing = useMutation({
    mutationFn: async (file: File) =>
      operatorApi.call(adminLegacyAccountImport, { csv: await file.text() }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: movesKey }),
  });
  const refusal = importing.error instanceof ApiCallError ? importing.error.message : null;
  const fileError = form.errors.file;
  return (
    <Paper withBorder p="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (values.file) importing.mutate(values.file);
        })}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('desk.importTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('desk.importHint')}
          </Text>
          <Group align="flex-end">
            <FileInput
              style={{ flex: '1 1 16rem' }}
              label={t('desk.file')}
              accept=".csv,text/csv"
              clearable
              {...form.getInputProps('file')}
              error={typeof fileError === 'string' ? t(fileError) : undefined}
              data-testid="legacy-csv-file"
            />
            <Button type="submit" loading={importing.isPending} data-testid="legacy-csv-import">
              {t('desk.import')}
            </Button>
          </Group>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          {importing.data && <ImportReport report={importing.data} />}
        </Stack>
      </form>
    </Paper>
  );
}

function ImportReport({
  report,
}: {
  report: { imported: number; unchanged: number; refused: number; rows: LegacyImportRow[] };
}) {
  const { t } = useTranslation('account-transfer');
  const color = { imported: 'teal', unchanged: 'gray', refused: 'red' } as const;
  return (
    <Stack gap="xs" data-testid="legacy-import-report">
      <Text fw={600}>{t('desk.summary', report)}</Text>
      <DeskTable
        label={t('desk.importTitle')}
        minWidth={560}
        head={[
          t('desk.reportColumns.line'),
          t('desk.reportColumns.account'),
          t('desk.reportColumns.outcome'),
          t('desk.reportColumns.reason'),
        ]}
      >
        {report.rows.map((row) => (
          <Table.Tr key={row.line} data-line={row.line}>
            <Table.Td>{row.line}</Table.Td>
            <Table.Td>{row.oldAccount ?? '—'}</Table.Td>
            <Table.Td>
              <Badge color={color[row.outcome]} variant="light">
                {t(`desk.outcome.${row.outcome}`)}
              </Badge>
            </Table.Td>
            <Table.Td>{row.message ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </DeskTable>
    </Stack>
  );
}

function MoveList() {
  const { t } = useTranslation('account-transfer');
  const [page, setPage] = useState(1);
  const moves = useQuery({
    queryKey: [...movesKey, page],
    queryFn: () => operatorApi.call(adminAccountTransferList, { pageNum: page, pageSize: deskPageSize }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('desk.listTitle')}
      </Title>
      <DeskList result={moves} page={page} onPage={setPage} label={t('desk.listTitle')}>
        {(data) => (
          <DeskTable
            label={t('desk.listTitle')}
            head={[
              t('desk.columns.startedAt'),
              t('desk.columns.player'),
              t('desk.columns.oldAccount'),
              t('desk.columns.amount'),
              t('desk.columns.completedAt'),
              t('desk.columns.status'),
            ]}
          >
            {data.list.map((move) => (
              <MoveRow key={move.transferId ?? `imported:${move.oldAccount}`} move={move} />
            ))}
          </DeskTable>
        )}
      </DeskList>
    </Stack>
  );
}

const statusColors: Record<DeskAccountTransfer['status'], string> = {
  notStarted: 'blue',
  started: 'yellow',
  codeSent: 'yellow',
  signedIn: 'yellow',
  completed: 'teal',
  expired: 'gray',
};

function MoveRow({ move }: { move: DeskAccountTransfer }) {
  const { t } = useTranslation('account-transfer');
  const color = statusColors[move.status];
  return (
    <Table.Tr data-old-account={move.oldAccount}>
      <Table.Td>{move.startedAt ? formatDateTime(move.startedAt) : '—'}</Table.Td>
      <Table.Td>{move.account ?? '—'}</Table.Td>
      <Table.Td>{move.oldAccount}</Table.Td>
      <Table.Td>{move.amount === null ? '—' : formatAmount(move.amount)}</Table.Td>
      <Table.Td>{move.completedAt ? formatDateTime(move.completedAt) : '—'}</Table.Td>
      <Table.Td>
        <Badge color={color} variant="light">
          {t(`desk.status.${move.status}`)}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
