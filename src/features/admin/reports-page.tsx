import type { adminReport, ReportDimension, ReportMeasure } from '@contract/admin-reports';
import { reportDimensions, reportMeasuresOf } from '@contract/admin-reports';
import type { DataOf } from '@contract/endpoint';
import { Button, Card, Group, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '@/lib/csv-file';
import { formatAmount } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { LoadFailed } from '../user/account-gates';
import { DeskPage, DeskTable, FilterBar, PeriodFilter } from './desk-list';
import { reportPeriodOf, reportQueryOptions } from './queries';
import type { ReportSearch } from './queue-search';

type Report = DataOf<typeof adminReport>;

/** Measures a player pays into the house: shown red when negative (the house lost), like the P/L pages. */
const signedMeasures = new Set<ReportMeasure>(['grossGamingRevenue', 'netRevenue']);

/** The report as a table: the row's name, the dimension's measures, then the totals. */
export function reportTable(report: Report, t: TFunction<'admin'>): { head: string[]; rows: (string | number)[][] } {
  const measures = reportMeasuresOf[report.dimension];
  return {
    head: [t(`reports.dimension.${report.dimension}`), ...measures.map((measure) => t(`reports.measure.${measure}`))],
    rows: [
      ...report.rows.map((row) => [row.label, ...measures.map((measure) => row[measure])]),
      [t('reports.total'), ...measures.map((measure) => report.totals[measure])],
    ],
  };
}

/**
 * The period's money by day, game, provider, agent or payment channel, every figure summed from
 * the ledger, with a CSV of exactly what the table shows.
 */
export function ReportsPage({
  search,
  onSearchChange,
}: {
  search: ReportSearch;
  onSearchChange(next: ReportSearch): void;
}) {
  const { t } = useTranslation('admin');
  const result = useQuery(reportQueryOptions(currentLanguage(), search));
  const dimension = search.dimension ?? 'day';
  const period = reportPeriodOf(search);
  const change = (patch: Partial<ReportSearch>) => onSearchChange({ ...search, ...patch });
  const report = result.data?.dimension === dimension ? result.data : undefined;
  return (
    <DeskPage title={t('reports.title')} description={t('reports.description')}>
      <Tabs value={dimension} onChange={(next) => change({ dimension: (next as ReportDimension | null) ?? 'day' })}>
        <Tabs.List>
          {reportDimensions.map((option) => (
            <Tabs.Tab key={option} value={option}>
              {t(`reports.by.${option}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FilterBar>
        <PeriodFilter from={period.from} to={period.to} onChange={change} />
        <Button
          variant="light"
          disabled={!report}
          onClick={() => {
            if (!report) return;
            const table = reportTable(report, t);
            downloadCsv(`report-${dimension}-${period.from}-${period.to}.csv`, [table.head, ...table.rows]);
          }}
        >
          {t('reports.download')}
        </Button>
      </FilterBar>
      <ReportResult result={result} report={report} />
    </DeskPage>
  );
}

/** One view per state of the query: failed, loading, nothing in the period, or the table. */
function ReportResult({ result, report }: { result: UseQueryResult<Report>; report: Report | undefined }) {
  const { t } = useTranslation('admin');
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!report) return <Skeleton h={240} radius="md" />;
  if (report.rows.length === 0)
    return (
      <Card withBorder radius="md" padding="lg">
        <Text c="dimmed" ta="center">
          {t('list.empty')}
        </Text>
      </Card>
    );
  return <ReportTable report={report} />;
}

function ReportTable({ report }: { report: Report }) {
  const { t } = useTranslation('admin');
  const measures = reportMeasuresOf[report.dimension];
  const { head } = reportTable(report, t);
  const cell = (measure: ReportMeasure, value: number) => (
    <Table.Td
      key={measure}
      {...(signedMeasures.has(measure) ? { c: value < 0 ? 'red' : 'teal', fw: 600 } : {})}
      style={{ textAlign: 'right' }}
    >
      {formatAmount(value)}
    </Table.Td>
  );
  return (
    <Stack gap="xs">
      <DeskTable label={t('reports.title')} head={head}>
        {report.rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{row.key === '' ? <Text c="dimmed">{row.label}</Text> : row.label}</Table.Td>
            {measures.map((measure) => cell(measure, row[measure]))}
          </Table.Tr>
        ))}
        <Table.Tr fw={700} data-testid="report-totals">
          <Table.Td>{t('reports.total')}</Table.Td>
          {measures.map((measure) => cell(measure, report.totals[measure]))}
        </Table.Tr>
      </DeskTable>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {t('reports.note')}
        </Text>
      </Group>
    </Stack>
  );
}
