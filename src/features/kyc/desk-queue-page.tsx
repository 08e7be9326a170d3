import { kycSubmissionStatuses } from '@contract/kyc';
import type { KycReviewItem } from '@contract/kyc-desk';
import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { PlayerCell, StatusBadge } from '../admin/desk-list';
import { PlayerFilter, QueuePage, type QueuePageProps, StatusFilter } from '../admin/queue-page';
import { queueDefaults } from '../admin/queue-search';
import { ReviewControls } from '../admin/review-controls';
import { kycQueueQueryOptions } from './desk-queries';
import { kycDecision } from './desk-review-flow';
import type { KycQueueSearch } from './desk-search';

const photoSides = ['front', 'back', 'handheld'] as const satisfies readonly (keyof KycReviewItem['photos'])[];

/** Identity submissions, oldest first: the photos beside the identity on record, approve or reject with a reason. */
export function KycQueuePage(props: QueuePageProps<KycQueueSearch>) {
  const { t } = useTranslation('admin');
  const result = useQuery(kycQueueQueryOptions(currentLanguage(), props.search));
  return (
    <QueuePage
      {...props}
      title={t('kyc.title')}
      description={t('kyc.description')}
      result={result}
      filters={(change) => (
        <>
          <StatusFilter
            value={props.search.status}
            options={kycSubmissionStatuses}
            standard={queueDefaults.kyc}
            onChange={(status) => change({ status })}
          />
          <PlayerFilter value={props.search.keyword} onApply={(keyword) => change({ keyword })} />
        </>
      )}
      periodLabel={t('filters.submitted')}
    >
      {(data) => (
        <Stack gap="md">
          {data.list.map((submission) => (
            <KycSubmissionCard key={submission.id} submission={submission} />
          ))}
        </Stack>
      )}
    </QueuePage>
  );
}

function KycSubmissionCard({ submission }: { submission: KycReviewItem }) {
  const { t } = useTranslation('admin');
  const fullName = [submission.lastName, submission.firstName].filter(Boolean).join(' ');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('kyc.submissionOf', { account: submission.user.account })}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <PlayerCell user={submission.user} />
          <StatusBadge status={submission.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <Field label={t('kyc.name')} value={fullName || t('kyc.notRecorded')} written={fullName !== ''} />
          <Field
            label={t('kyc.pinyinName')}
            value={submission.pinyinName ?? t('kyc.notRecorded')}
            written={submission.pinyinName !== null}
          />
          <Field label={t('kyc.idNumber')} value={submission.idNumber ?? t('kyc.notRecorded')} monospace />
          <Field label={t('kyc.submittedAt')} value={formatDateTime(submission.submittedAt)} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {photoSides.map((slot) => {
            const label = t(`kyc.photos.${slot}`, { account: submission.user.account });
            return (
              <Anchor
                key={slot}
                href={submission.photos[slot]}
                target="_blank"
                rel="noreferrer"
                aria-label={t('kyc.openPhoto', { photo: label })}
              >
                <Image src={submission.photos[slot]} alt={label} h={180} fit="contain" radius="sm" bg="gray.1" />
              </Anchor>
            );
          })}
        </SimpleGrid>
        {submission.status === 'pendingReview' ? (
          <Group justify="flex-end">
            <ReviewControls kind="kyc" subject={submission.user.account} send={kycDecision(submission.id)} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {submission.reviewedAt ? t('kyc.reviewedAt', { at: formatDateTime(submission.reviewedAt) }) : ''}
            {submission.rejectReason ? ` · ${t('kyc.rejectReason', { reason: submission.rejectReason })}` : ''}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** A labelled value; `written` marks what the player wrote (a name), shown as written. */
function Field({
  label,
  value,
  monospace = false,
  written = false,
}: {
  label: string;
  value: string;
  monospace?: boolean;
  written?: boolean;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={monospace ? 'monospace' : undefined} data-user-content={written || undefined}>
        {value}
      </Text>
    </Stack>
  );
}
