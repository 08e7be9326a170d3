import type { GameRound, GameRoundTransaction } from '@contract/hall-desk';
import { Anchor, Badge, Card, Code, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DeskPage, DeskTable, PlayerCell } from '../admin/desk-list';
import { LoadFailed } from '../user/account-gates';
import { roundDetailQueryOptions } from './desk-queries';

/**
 * One round: who played it where, its bets and wins, every wallet transaction with its request and
 * ledger transfer, and the provider's proof data (for the studio, a link to recompute the round).
 */
export function RoundPage({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const result = useQuery(roundDetailQueryOptions(currentLanguage(), id));
  const back = (
    <AnchorLink to="/admin/rounds" size="sm">
      {t('round.back')}
    </AnchorLink>
  );
  if (result.isError && !result.data)
    return (
      <DeskPage title={t('round.titleOf', { id })}>
        {back}
        <LoadFailed onRetry={() => void result.refetch()} />
      </DeskPage>
    );
  if (!result.data) return <Skeleton h={320} radius="md" />;
  const { round, transactions, proof, verifyUrl } = result.data;
  return (
    <DeskPage title={t('round.title', { round: round.round })}>
      <Group justify="space-between">
        {back}
        <AnchorLink to="/admin/rounds" search={{ userId: round.user.userId }} size="sm">
          {t('round.playerRounds')}
        </AnchorLink>
      </Group>
      <RoundFacts round={round} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('round.transactions')}
        </Title>
        <DeskTable
          label={t('round.transactions')}
          head={[
            t('columns.at'),
            t('columns.kind'),
            t('columns.coins'),
            t('round.transactionUuid'),
            t('round.requestUuid'),
            t('round.reference'),
            t('columns.transfer'),
          ]}
          minWidth={1100}
        >
          {transactions.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </DeskTable>
      </Stack>
      <RoundProof proof={proof} verifyUrl={verifyUrl} />
    </DeskPage>
  );
}

/** Who played the round, where and when, and what it bet, won and left the house. */
function RoundFacts({ round }: { round: GameRound }) {
  const { t } = useTranslation('admin');
  const profit = round.betAmount - round.winAmount;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Fact label={t('columns.player')}>
        <PlayerCell user={round.user} />
      </Fact>
      <Fact label={t('columns.game')}>
        <Text size="sm" fw={600}>
          {round.game.name}
        </Text>
        <Text size="xs" c="dimmed">
          {round.game.providerId} · {round.game.code}
          {round.machineNumber === null ? '' : ` · ${t('games.machine', { number: round.machineNumber })}`}
        </Text>
      </Fact>
      <Fact label={t('columns.at')}>
        <Text size="sm">{formatDateTime(round.playedAt)}</Text>
        {round.updatedAt && (
          <Text size="xs" c="dimmed">
            {t('round.updatedAt', { at: formatDateTime(round.updatedAt) })}
          </Text>
        )}
      </Fact>
      <Fact label={t('columns.bet')}>
        <Text fw={700} data-testid="round-bet">
          {t('coins', { amount: formatAmount(round.betAmount) })}
        </Text>
      </Fact>
      <Fact label={t('columns.win')}>
        <Text fw={700} data-testid="round-win">
          {t('coins', { amount: formatAmount(round.winAmount) })}
        </Text>
      </Fact>
      <Fact label={t('columns.profit')}>
        <Text fw={700} c={profit < 0 ? 'red' : 'teal'}>
          {t('coins', { amount: formatAmount(profit) })}
        </Text>
      </Fact>
    </SimpleGrid>
  );
}

/** The provider's proof data, key by key, and for the studio the link to recompute the round. */
function RoundProof({ proof, verifyUrl }: { proof: Record<string, unknown> | null; verifyUrl: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('round.proof')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('round.proof')}
          </Title>
          {verifyUrl && (
            <Anchor href={verifyUrl} target="_blank" rel="noopener" size="sm">
              {t('round.verify')}
            </Anchor>
          )}
        </Group>
        {proof ? (
          <Table withRowBorders={false} verticalSpacing={4} aria-label={t('round.proof')}>
            <Table.Tbody>
              {Object.entries(proof).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th w={200}>{key}</Table.Th>
                  <Table.Td>
                    <Code style={{ wordBreak: 'break-all' }}>
                      {typeof value === 'string' ? value : JSON.stringify(value)}
                    </Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {t('round.noProof')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Card>
  );
}

function TransactionRow({ transaction }: { transaction: GameRoundTransaction }) {
  const { t } = useTranslation('admin');
  const mono = { ff: 'monospace', fz: 'xs' } as const;
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(transaction.createdAt)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{t(`round.kinds.${transaction.kind}`)}</Text>
          {transaction.rolledBackAt && (
            <Badge size="xs" color="red" variant="light">
              {t('round.rolledBack')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td fw={600}>{formatAmount(transaction.amount)}</Table.Td>
      <Table.Td {...mono}>{transaction.transactionUuid}</Table.Td>
      <Table.Td {...mono}>{transaction.requestUuid ?? '—'}</Table.Td>
      <Table.Td {...mono}>{transaction.referenceTransactionUuid ?? '—'}</Table.Td>
      <Table.Td {...mono}>{transaction.ledgerTransferId ?? '—'}</Table.Td>
    </Table.Tr>
  );
}
