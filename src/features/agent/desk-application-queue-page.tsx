import { agentApplicationStatuses } from '@contract/agent';
import type { AgentApplicationReviewItem } from '@contract/agent-desk';
import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DeskTable, PlayerCell, StatusBadge } from '../admin/desk-list';
import { PlayerFilter, QueuePage, type QueuePageProps, StatusFilter } from '../admin/queue-page';
import { queueDefaults } from '../admin/queue-search';
import { ReviewControls } from '../admin/review-controls';
import { agentApplicationQueueQueryOptions } from './desk-queries';
import { agentApplicationDecision } from './desk-review-flow';
import type { AgentApplicationQueueSearch } from './desk-search';

/**
 * Players asking to become agents, oldest first. Approving makes the player an agent with an agent
 * code at once; a rejection tells the player the reason, and they may apply again.
 */
export function AgentApplicationQueuePage(props: QueuePageProps<AgentApplicationQueueSearch>) {
  const { t } = useTranslation('admin');
  const result = useQuery(agentApplicationQueueQueryOptions(currentLanguage(), props.search));
  return (
    <QueuePage
      {...props}
      title={t('agentApplications.title')}
      description={t('agentApplications.description')}
      result={result}
      filters={(change) => (
        <>
          <StatusFilter
            value={props.search.status}
            options={agentApplicationStatuses}
            standard={queueDefaults.agentApplications}
            onChange={(status) => change({ status })}
          />
          <PlayerFilter value={props.search.keyword} onApply={(keyword) => change({ keyword })} />
        </>
      )}
      periodLabel={t('filters.submitted')}
    >
      {(data) => (
        <DeskTable
          label={t('agentApplications.title')}
          head={[
            t('columns.submittedAt'),
            t('columns.player'),
            t('columns.playerRemark'),
            t('columns.status'),
            t('columns.decision'),
          ]}
          minWidth={860}
        >
          {data.list.map((application) => (
            <AgentApplicationRow key={application.id} application={application} />
          ))}
        </DeskTable>
      )}
    </QueuePage>
  );
}

function AgentApplicationRow({ application }: { application: AgentApplicationReviewItem }) {
  const { t } = useTranslation('admin');
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(application.submittedAt)}</Table.Td>
      <Table.Td>
        <PlayerCell user={application.user} />
      </Table.Td>
      <Table.Td maw={320}>
        <Text
          size="sm"
          c={application.remark ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-user-content={application.remark ? true : undefined}
        >
          {application.remark ?? t('agentApplications.noRemark')}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={application.status} />
      </Table.Td>
      <Table.Td>
        {application.status === 'pendingReview' ? (
          <ReviewControls
            kind="agentApplication"
            subject={application.user.account}
            send={agentApplicationDecision(application.id)}
          />
        ) : (
          <Stack gap={0}>
            {application.reviewedAt && (
              <Text size="sm">{t('agentApplications.reviewedAt', { at: formatDateTime(application.reviewedAt) })}</Text>
            )}
            {application.rejectReason && (
              <Text size="sm" c="dimmed">
                {t('agentApplications.rejectReason', { reason: application.rejectReason })}
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
