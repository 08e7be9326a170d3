import type { DeskGameEntry } from '@contract/hall-desk';
import { Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { currentLanguage } from '@/lib/i18n';
import { DeskPage, DeskTable } from '../admin/desk-list';
import { ReviewControls } from '../admin/review-controls';
import { LoadFailed } from '../user/account-gates';
import { MachineSetting } from './desk-machine-setting';
import { deskGamesQueryOptions } from './desk-queries';
import { gameSwitch } from './desk-review-flow';

/**
 * Every provider's games with their machines. Disabling a game or a machine takes it out of the
 * hall and frees its seats; each switch asks for a reason, which the audit log keeps. A pachislot
 * machine's 設定 is set here too, with a reason.
 */
export function GamesPage() {
  const { t } = useTranslation('admin');
  const result = useQuery(deskGamesQueryOptions(currentLanguage()));
  return (
    <DeskPage title={t('games.title')} description={t('games.description')}>
      {result.isError && !result.data ? (
        <LoadFailed onRetry={() => void result.refetch()} />
      ) : !result.data ? (
        <Skeleton h={240} radius="md" />
      ) : (
        result.data.map((game) => <GameCard key={`${game.id}-${game.enabled}`} game={game} />)
      )}
    </DeskPage>
  );
}

function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={enabled ? 'teal' : 'red'} variant="light">
      {t(enabled ? 'games.enabled' : 'games.disabled')}
    </Badge>
  );
}

function GameCard({ game }: { game: DeskGameEntry }) {
  const { t } = useTranslation('admin');
  const label = `${game.name} (${game.providerId})`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {game.name}
              </Title>
              <EnabledBadge enabled={game.enabled} />
              {!game.providerEnabled && (
                <Badge color="gray" variant="outline">
                  {t('games.providerDisabled')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {game.providerName} · {game.code} · {t(`games.kinds.${game.kind}`)}
              {game.rtpBasisPoints === null ? '' : ` · ${t('games.rtp', { value: game.rtpBasisPoints / 100 })}`}
              {game.volatility === null
                ? ''
                : ` · ${t('games.volatility', { value: t(`games.volatilities.${game.volatility}`) })}`}
            </Text>
          </Stack>
          <Group gap="xs">
            <AnchorLink to="/admin/rounds" search={{ gameId: game.id }} size="sm">
              {t('games.rounds')}
            </AnchorLink>
            <ReviewControls
              kind={game.enabled ? 'disableGame' : 'enableGame'}
              subject={label}
              send={gameSwitch({ gameId: game.id }, !game.enabled)}
            />
          </Group>
        </Group>
        <DeskTable
          label={t('games.machinesOf', { game: label })}
          head={[
            t('columns.machine'),
            t('columns.status'),
            t('games.seat'),
            ...(game.kind === 'pachislot' ? [t('games.setting.column')] : []),
            t('columns.actions'),
          ]}
          minWidth={560}
        >
          {game.machines.map((machine) => {
            const subject = `${label} ${t('games.machine', { number: machine.number })}`;
            return (
              <Table.Tr key={`${machine.id}-${machine.enabled}-${machine.setting}`}>
                <Table.Td>{t('games.machine', { number: machine.number })}</Table.Td>
                <Table.Td>
                  <EnabledBadge enabled={machine.enabled} />
                </Table.Td>
                <Table.Td>
                  {machine.seatedUserId === null ? (
                    <Text size="sm" c="dimmed">
                      {t('games.free')}
                    </Text>
                  ) : (
                    <AnchorLink to="/admin/rounds" search={{ userId: machine.seatedUserId }} size="sm">
                      {t('rounds.player', { userId: machine.seatedUserId })}
                    </AnchorLink>
                  )}
                </Table.Td>
                {machine.setting !== null && (
                  <Table.Td>
                    <MachineSetting machineId={machine.id} setting={machine.setting} subject={subject} />
                  </Table.Td>
                )}
                <Table.Td>
                  <ReviewControls
                    kind={machine.enabled ? 'disableMachine' : 'enableMachine'}
                    subject={subject}
                    send={gameSwitch({ machineId: machine.id }, !machine.enabled)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DeskTable>
      </Stack>
    </Card>
  );
}
