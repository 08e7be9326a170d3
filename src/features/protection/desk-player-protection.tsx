import type { UserSummary } from '@contract/admin';
import type { BlockState, LimitState, ProtectionState } from '@contract/protection';
import { selfExclusionDurations, timeOutDurations } from '@contract/protection';
import { adminImposeBlock, type ImposeBlockForm, imposeBlockForm } from '@contract/protection-desk';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { AnchorLink } from '@/components/router-links';
import { ApiCallError } from '@/lib/api-client';
import { useFieldProps } from '@/lib/form-error';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { DeskPage, DeskTable, StatusBadge } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey, playerQueryOptions } from '../admin/queries';
import { LoadFailed } from '../user/account-gates';
import { playerProtectionQueryOptions } from './desk-queries';

type PlayerProtection = Awaited<ReturnType<NonNullable<ReturnType<typeof playerProtectionQueryOptions>['queryFn']>>>;

/** Yen for deposits, coins for losses and wagers, minutes for a session. */
const unitOf = { deposit: 'yen', loss: 'coins', wager: 'coins', session: 'minutes' } as const;

/**
 * One player's protection as the desk sees it: the limits with what is used and what is pending, the
 * reality check, a time-out or exclusion with its end, flagged deposits and the history of every
 * change. An operator may impose a time-out or an exclusion (with a reason) but never lift or
 * shorten one: the page offers no such thing.
 */
export function PlayerProtectionPage({ userId }: { userId: number }) {
  const { t } = useTranslation('admin');
  const lng = currentLanguage();
  const player = useQuery(playerQueryOptions(lng, userId));
  const protection = useQuery(playerProtectionQueryOptions(lng, userId));
  const who = player.data?.account ?? `#${userId}`;
  return (
    <DeskPage title={t('protection.title', { account: who })} description={t('protection.description')}>
      <PlayerHeading userId={userId} player={player.data ?? null} />
      {protection.isError && !protection.data && <LoadFailed onRetry={() => void protection.refetch()} />}
      {protection.isPending && <Skeleton h={240} radius="md" aria-busy="true" />}
      {protection.data && <ProtectionPanel userId={userId} account={who} data={protection.data} />}
    </DeskPage>
  );
}

function ProtectionPanel({ userId, account, data }: { userId: number; account: string; data: PlayerProtection }) {
  return (
    <Stack gap="lg">
      <ProtectionStateSection state={data.state} />
      <ImposeBlockSection userId={userId} account={account} />
      <FlaggedDepositsSection deposits={data.flaggedDeposits} />
      <HistorySection history={data.history} />
    </Stack>
  );
}

/** The way back to the players' list, and whose protection this is. */
function PlayerHeading({ userId, player }: { userId: number; player: UserSummary | null }) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="space-between">
      <Group gap="md">
        <AnchorLink to="/admin/users" search={player ? { keyword: player.account } : {}} size="sm">
          {t('ledger.backToPlayers')}
        </AnchorLink>
        <AnchorLink to="/admin/users/$userId/ledger" params={{ userId: String(userId) }} size="sm">
          {t('players.ledger')}
        </AnchorLink>
      </Group>
      {player && (
        <Group gap="xs">
          <StatusBadge status={player.status} />
          <Text size="sm" c="dimmed">
            {player.email} · #{userId}
          </Text>
        </Group>
      )}
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function ProtectionStateSection({ state }: { state: ProtectionState }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('protection.state')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <BlockSummary block={state.block} />
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('protection.realityCheck')}
          </Text>
          <Text size="sm" fw={600} data-testid="protection-reality-check">
            {state.realityCheckMinutes === null
              ? t('protection.realityCheckOff')
              : t('protection.realityCheckEvery', { minutes: state.realityCheckMinutes })}
          </Text>
        </Stack>
      </SimpleGrid>
      <LimitsTable limits={state.limits} />
    </Section>
  );
}

function BlockSummary({ block }: { block: BlockState | null }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={2} data-testid="protection-block">
      <Text size="xs" c="dimmed">
        {t('protection.block')}
      </Text>
      {block === null ? (
        <Text size="sm" fw={600}>
          {t('protection.noBlock')}
        </Text>
      ) : (
        <>
          <Group gap="xs">
            <Badge color={block.kind === 'selfExclusion' ? 'red' : 'orange'} variant="light">
              {t(`protection.blockKinds.${block.kind}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('protection.setBy', { source: t(`protection.sources.${block.setBy}`) })}
            </Text>
          </Group>
          <Text size="sm">
            {t('protection.blockPeriod', {
              from: formatDateTime(block.startedAt),
              to: block.endsAt ? formatDateTime(block.endsAt) : t('protection.permanent'),
            })}
          </Text>
          {block.reopensAt && (
            <Text size="sm">{t('protection.reopensAt', { at: formatDateTime(block.reopensAt) })}</Text>
          )}
          {block.canRequestReopen && <Text size="sm">{t('protection.canRequestReopen')}</Text>}
        </>
      )}
    </Stack>
  );
}

function LimitsTable({ limits }: { limits: LimitState[] }) {
  const { t } = useTranslation('admin');
  if (limits.length === 0) return <Text size="sm">{t('protection.noLimits')}</Text>;
  return (
    <DeskTable
      label={t('protection.limits')}
      head={[
        t('protection.columns.limit'),
        t('protection.columns.value'),
        t('protection.columns.used'),
        t('protection.columns.resetsAt'),
        t('protection.columns.pending'),
        t('protection.columns.setBy'),
      ]}
    >
      {limits.map((limit) => (
        <LimitRow key={`${limit.kind}-${limit.period ?? 'session'}`} limit={limit} />
      ))}
    </DeskTable>
  );
}

function LimitRow({ limit }: { limit: LimitState }) {
  const { t } = useTranslation('admin');
  const unit = unitOf[limit.kind];
  const shown = (value: number | null) =>
    value === null ? t('protection.none') : t(`protection.units.${unit}`, { amount: formatAmount(value) });
  const name = t(`protection.kinds.${limit.kind}`);
  return (
    <Table.Tr>
      <Table.Td>
        {limit.period
          ? t('protection.limitPer', { limit: name, period: t(`protection.periods.${limit.period}`) })
          : name}
      </Table.Td>
      <Table.Td fw={600}>{shown(limit.value)}</Table.Td>
      <Table.Td>{t(`protection.units.${unit}`, { amount: formatAmount(limit.used) })}</Table.Td>
      <Table.Td>{limit.resetsAt ? formatDateTime(limit.resetsAt) : '—'}</Table.Td>
      <Table.Td>
        {limit.pending
          ? t('protection.pendingChange', {
              value: shown(limit.pending.value),
              at: formatDateTime(limit.pending.appliesAt),
            })
          : '—'}
      </Table.Td>
      <Table.Td>{t(`protection.sources.${limit.setBy}`)}</Table.Td>
    </Table.Tr>
  );
}

const blankBlock = { kind: 'timeOut', duration: null, reason: '' } as {
  kind: ImposeBlockForm['kind'];
  duration: string | null;
  reason: string;
};

/** A time-out or an exclusion on the player's behalf: it only lengthens what is on, never shortens it. */
function ImposeBlockSection({ userId, account }: { userId: number; account: string }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: blankBlock, validate: schemaResolver(imposeBlockForm, { sync: true }) });
  form.watch('kind', () => form.setFieldValue('duration', null));
  const field = useFieldProps(form, 'admin');
  const impose = useMutation({
    mutationFn: (values: typeof blankBlock) =>
      operatorApi.call(adminImposeBlock, { userId, ...v.parse(imposeBlockForm, values) }, { silent: true }),
    onSuccess: () => {
      notifySuccess(t('protection.imposed', { account }));
      form.reset();
      void queryClient.invalidateQueries({ queryKey: deskQueryKey });
    },
    onError: (error) => {
      if (error instanceof ApiCallError) form.setErrors(error.fields);
    },
  });
  const durations = form.values.kind === 'timeOut' ? timeOutDurations : selfExclusionDurations;
  return (
    <Section title={t('protection.impose')}>
      <form noValidate onSubmit={form.onSubmit((values) => impose.mutate(values))}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('protection.imposeHint')}
          </Text>
          <Group grow align="flex-start">
            <Select
              {...field('kind', t('protection.imposeKind'))}
              data={(['timeOut', 'selfExclusion'] as const).map((kind) => ({
                value: kind,
                label: t(`protection.blockKinds.${kind}`),
              }))}
              allowDeselect={false}
              required
            />
            <Select
              {...field('duration', t('protection.duration'))}
              data={durations.map((duration) => ({ value: duration, label: t(`protection.durations.${duration}`) }))}
              required
            />
          </Group>
          <Textarea {...field('reason', t('review.reason'))} required rows={3} maxLength={500} />
          {impose.error && !(impose.error instanceof ApiCallError && Object.keys(impose.error.fields).length > 0) && (
            <Alert color="red" role="alert">
              {impose.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" color="red" loading={impose.isPending}>
              {t('protection.imposeSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function FlaggedDepositsSection({ deposits }: { deposits: PlayerProtection['flaggedDeposits'] }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('protection.flaggedDeposits')}>
      {deposits.length === 0 ? (
        <Text size="sm">{t('protection.noFlaggedDeposits')}</Text>
      ) : (
        <DeskTable
          label={t('protection.flaggedDeposits')}
          head={[t('columns.at'), t('columns.reference'), t('protection.columns.amount'), t('protection.columns.flag')]}
        >
          {deposits.map((deposit) => (
            <Table.Tr key={`${deposit.reference}-${deposit.flag}`}>
              <Table.Td>{formatDateTime(deposit.at)}</Table.Td>
              <Table.Td ff="monospace">{deposit.reference}</Table.Td>
              <Table.Td>{t('protection.units.yen', { amount: formatAmount(deposit.amount) })}</Table.Td>
              <Table.Td>{t(`protection.flags.${deposit.flag}`)}</Table.Td>
            </Table.Tr>
          ))}
        </DeskTable>
      )}
    </Section>
  );
}

function HistorySection({ history }: { history: PlayerProtection['history'] }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('protection.history')}>
      {history.length === 0 ? (
        <Text size="sm">{t('protection.noHistory')}</Text>
      ) : (
        <DeskTable
          label={t('protection.history')}
          head={[t('columns.at'), t('columns.actor'), t('columns.action'), t('columns.reason')]}
        >
          {history.map((item, index) => (
            // The trail has no id of its own; its order is fixed by the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are never reordered
            <Table.Tr key={index}>
              <Table.Td>{formatDateTime(item.at)}</Table.Td>
              <Table.Td ff="monospace">{item.actor}</Table.Td>
              <Table.Td>
                {t(`protection.actions.${item.action.replace(/^protection\./, '')}`, { defaultValue: item.action })}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }} data-user-content>
                {item.reason ?? ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </DeskTable>
      )}
    </Section>
  );
}
