import { accountStatuses, type UserSummary } from '@contract/admin';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DeskTable, StatusBadge } from './desk-list';
import { playerSearchQueryOptions } from './queries';
import { PlayerFilter, QueuePage, type QueuePageProps, StatusFilter } from './queue-page';
import type { PlayerSearch } from './queue-search';
import { ReviewControls } from './review-controls';
import { accountDecision } from './review-flow';

/**
 * Players by account, e-mail, nickname or user id. Freezing ends the player's sessions at once: their
 * next call is answered 402 and the site signs them out; unfreezing lets them sign in again.
 */
export function PlayersPage(props: QueuePageProps<PlayerSearch>) {
  const { t } = useTranslation('admin');
  const result = useQuery(playerSearchQueryOptions(currentLanguage(), props.search));
  return (
    <QueuePage
      {...props}
      title={t('players.title')}
      description={t('players.description')}
      result={result}
      filters={(change) => (
        <>
          <PlayerFilter
            label={t('players.keyword')}
            value={props.search.keyword}
            onApply={(keyword) => change({ keyword })}
          />
          <StatusFilter
            label={t('filters.accountStatus')}
            value={props.search.status}
            options={accountStatuses}
            onChange={(status) => change({ status })}
          />
        </>
      )}
      periodLabel={t('filters.registered')}
    >
      {(data) => (
        <DeskTable
          label={t('players.title')}
          head={[
            t('columns.player'),
            t('columns.status'),
            t('columns.kyc'),
            t('columns.balance'),
            t('columns.registeredAt'),
            t('columns.lastLoginAt'),
            t('columns.actions'),
          ]}
          minWidth={980}
        >
          {/* Keyed by status too: after a freeze the row starts a fresh flow for the unfreeze. */}
          {data.list.map((player) => (
            <PlayerRow key={`${player.userId}-${player.status}`} player={player} />
          ))}
        </DeskTable>
      )}
    </QueuePage>
  );
}

function PlayerRow({ player }: { player: UserSummary }) {
  const { t } = useTranslation('admin');
  const frozen = player.status === 'frozen';
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {player.account}
            </Text>
            {player.isAgent && (
              <Badge size="xs" variant="outline">
                {t('players.agent')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" data-user-content>
            {player.email} · #{player.userId}
            {player.nickname ? ` · ${player.nickname}` : ''}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={player.status} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={player.kycStatus} />
      </Table.Td>
      <Table.Td>{formatAmount(player.balance)}</Table.Td>
      <Table.Td>{formatDateTime(player.registeredAt)}</Table.Td>
      <Table.Td>{player.lastLoginAt ? formatDateTime(player.lastLoginAt) : '—'}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <AnchorLink to="/admin/users/$userId/ledger" params={{ userId: String(player.userId) }} size="sm">
            {t('players.ledger')}
          </AnchorLink>
          <AnchorLink to="/admin/users/$userId/protection" params={{ userId: String(player.userId) }} size="sm">
            {t('players.protection')}
          </AnchorLink>
          <AnchorLink to="/admin/rounds" search={{ userId: player.userId }} size="sm">
            {t('players.rounds')}
          </AnchorLink>
          {player.isAgent && (
            <AnchorLink to="/admin/users/$userId/team" params={{ userId: String(player.userId) }} size="sm">
              {t('players.team')}
            </AnchorLink>
          )}
          <ReviewControls
            kind={frozen ? 'unfreeze' : 'freeze'}
            subject={player.account}
            send={accountDecision(player.userId, frozen)}
          />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
