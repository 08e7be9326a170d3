import {
  type OverviewDay,
  type OverviewFigureKey,
  type OverviewFigures,
  type OverviewPeriod,
  overviewFigureKeys,
  overviewPeriods,
} from '@contract/admin-overview';
import { BarChart, LineChart } from '@mantine/charts';
import { Badge, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { LoadFailed } from '../user/account-gates';
import { overviewQueryOptions } from './queries';

/** Figures where more is worse for the house: their rise is shown in red, not green. */
const costs: ReadonlySet<OverviewFigureKey> = new Set(['withdrawals', 'bonuses']);

/** The change of a figure against the span before, as a fraction; null when there was nothing to compare with. */
function changeOf(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / Math.abs(previous);
}

/**
 * The business at a glance: each figure of the chosen period with its change against the span
 * before, and the last 30 days in charts.
 */
export function BusinessFigures() {
  const { t } = useTranslation('admin');
  // The period picked is a form's field like every other choice on the desk.
  const form = useForm<{ period: OverviewPeriod }>({ initialValues: { period: 'today' } });
  const period = form.values.period;
  const overview = useQuery(overviewQueryOptions(currentLanguage()));
  if (overview.isError && !overview.data) return <LoadFailed onRetry={() => void overview.refetch()} />;
  if (!overview.data) return <Skeleton h={360} radius="md" />;
  const chosen = overview.data.periods.find((entry) => entry.period === period);
  return (
    <Stack gap="md" component="section" aria-label={t('overview.figuresTitle')}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2} size="h3">
            {t('overview.figuresTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('overview.japanDays', { day: overview.data.today })}
          </Text>
        </Stack>
        <SegmentedControl
          aria-label={t('overview.period')}
          {...form.getInputProps('period')}
          data={overviewPeriods.map((value) => ({ value, label: t(`overview.periods.${value}`) }))}
        />
      </Group>
      {chosen && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {overviewFigureKeys.map((key) => (
            <FigureCard key={key} figure={key} current={chosen.current} previous={chosen.previous} />
          ))}
        </SimpleGrid>
      )}
      <DailyCharts days={overview.data.days} />
    </Stack>
  );
}

function FigureCard({
  figure,
  current,
  previous,
}: {
  figure: OverviewFigureKey;
  current: OverviewFigures;
  previous: OverviewFigures;
}) {
  const { t } = useTranslation('admin');
  const change = changeOf(current[figure], previous[figure]);
  const better = change !== null && (costs.has(figure) ? change < 0 : change > 0);
  const percent =
    change === null
      ? null
      : new Intl.NumberFormat(currentLanguage(), {
          style: 'percent',
          maximumFractionDigits: 1,
          signDisplay: 'exceptZero',
        }).format(change);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t(`overview.figures.${figure}`)}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t(`overview.figures.${figure}`)}
        </Text>
        <Text size="xl" fw={700} data-testid={`figure-${figure}`}>
          {formatAmount(current[figure])}
        </Text>
        <Group gap="xs">
          {percent !== null && change !== 0 && (
            <Badge color={better ? 'teal' : 'red'} variant="light">
              {percent}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {t('overview.previous', { value: formatAmount(previous[figure]) })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** The last 30 days: money in and out, the house's revenue, and the players. */
function DailyCharts({ days }: { days: OverviewDay[] }) {
  const { t } = useTranslation('admin');
  const data = days.map((day) => ({ ...day, label: day.day.slice(5) }));
  const series = (keys: OverviewFigureKey[], colors: string[]) =>
    keys.map((name, index) => ({ name, label: t(`overview.figures.${name}`), color: colors[index] ?? 'gray.6' }));
  const valueFormatter = (value: number) => formatAmount(value);
  const charts = [
    { key: 'money', series: series(['deposits', 'withdrawals'], ['teal.6', 'orange.6']), kind: 'bar' },
    { key: 'revenue', series: series(['grossGamingRevenue', 'netRevenue'], ['indigo.6', 'grape.6']), kind: 'line' },
    {
      key: 'players',
      series: series(['registrations', 'firstDeposits', 'activePlayers'], ['blue.6', 'teal.6', 'yellow.6']),
      kind: 'bar',
    },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      {charts.map((chart) => (
        <Card key={chart.key} withBorder radius="md" padding="md" component="figure" m={0}>
          <Text component="figcaption" size="sm" fw={600} mb="sm">
            {t(`overview.charts.${chart.key}`)}
          </Text>
          {chart.kind === 'bar' ? (
            <BarChart
              h={220}
              data={data}
              dataKey="label"
              series={[...chart.series]}
              valueFormatter={valueFormatter}
              withLegend
              tickLine="y"
            />
          ) : (
            <LineChart
              h={220}
              data={data}
              dataKey="label"
              series={[...chart.series]}
              valueFormatter={valueFormatter}
              withLegend
              curveType="linear"
              tickLine="y"
            />
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
