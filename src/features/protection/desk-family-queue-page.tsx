import { type FamilyDeclarationItem, familyDeclarationStatuses } from '@contract/protection-desk';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { PlayerCell, StatusBadge } from '../admin/desk-list';
import { PlayerFilter, QueuePage, type QueuePageProps, StatusFilter } from '../admin/queue-page';
import { queueDefaults } from '../admin/queue-search';
import { ReviewControls } from '../admin/review-controls';
import { familyDeclarationsQueryOptions } from './desk-queries';
import { familyDeclarationDecision } from './desk-review-flow';
import type { FamilyDeclarationSearch } from './desk-search';

/**
 * Family declarations (家族申告), oldest first, those waiting for review unless another status is
 * chosen: approving applies the limits asked for as the player's own would apply and writes the
 * player a letter; a rejection keeps its reason for the audit trail.
 */
export function FamilyDeclarationQueuePage(props: QueuePageProps<FamilyDeclarationSearch>) {
  const { t } = useTranslation('admin');
  const result = useQuery(familyDeclarationsQueryOptions(currentLanguage(), props.search));
  return (
    <QueuePage
      {...props}
      title={t('familyDeclarations.title')}
      description={t('familyDeclarations.description')}
      result={result}
      filters={(change) => (
        <>
          <StatusFilter
            value={props.search.status}
            options={familyDeclarationStatuses}
            standard={queueDefaults.familyDeclarations}
            onChange={(status) => change({ status })}
          />
          <PlayerFilter value={props.search.keyword} onApply={(keyword) => change({ keyword })} />
        </>
      )}
      periodLabel={t('filters.submitted')}
    >
      {(data) => (
        <Stack gap="md">
          {data.list.map((declaration) => (
            <FamilyDeclarationCard key={declaration.id} declaration={declaration} />
          ))}
        </Stack>
      )}
    </QueuePage>
  );
}

function FamilyDeclarationCard({ declaration }: { declaration: FamilyDeclarationItem }) {
  const { t } = useTranslation('admin');
  const subject = declaration.user?.account ?? declaration.playerAccount;
  const limit = (value: number | null, unit: 'yen' | 'coins') =>
    value === null ? t('familyDeclarations.notAsked') : t(`protection.units.${unit}`, { amount: formatAmount(value) });
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('familyDeclarations.declarationOf', { account: subject })}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <DeclaredPlayer declaration={declaration} />
          <StatusBadge status={declaration.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          <Field label={t('familyDeclarations.depositMonthly')} value={limit(declaration.depositMonthly, 'yen')} />
          <Field label={t('familyDeclarations.lossMonthly')} value={limit(declaration.lossMonthly, 'coins')} />
          <Field label={t('familyDeclarations.requester')} value={declaration.requesterName} />
          <Field
            label={t('familyDeclarations.relationship')}
            value={t(`familyDeclarations.relationships.${declaration.relationship}`)}
          />
          <Field label={t('familyDeclarations.email')} value={declaration.email} />
          <Field label={t('familyDeclarations.phone')} value={declaration.phone} />
          <Field label={t('columns.submittedAt')} value={formatDateTime(declaration.submittedAt)} />
        </SimpleGrid>
        <Field label={t('familyDeclarations.reason')} value={declaration.reason} multiline />
        <FamilyDeclarationDecision declaration={declaration} subject={subject} />
      </Stack>
    </Card>
  );
}

/** The account the declaration names, linked to its protection panel, or the words typed when none matched. */
function DeclaredPlayer({ declaration }: { declaration: FamilyDeclarationItem }) {
  const { t } = useTranslation('admin');
  if (!declaration.user)
    return (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {declaration.playerAccount}
        </Text>
        <Text size="xs" c="orange">
          {t('familyDeclarations.noAccount')}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={2}>
      <PlayerCell user={declaration.user} />
      <AnchorLink to="/admin/users/$userId/protection" params={{ userId: String(declaration.user.userId) }} size="xs">
        {t('players.protection')}
      </AnchorLink>
    </Stack>
  );
}

function FamilyDeclarationDecision({ declaration, subject }: { declaration: FamilyDeclarationItem; subject: string }) {
  const { t } = useTranslation('admin');
  if (declaration.status === 'pendingReview')
    return (
      <Group justify="flex-end">
        <ReviewControls kind="familyDeclaration" subject={subject} send={familyDeclarationDecision(declaration.id)} />
      </Group>
    );
  return (
    <Text size="sm" c="dimmed">
      {declaration.reviewedAt ? t('familyDeclarations.reviewedAt', { at: formatDateTime(declaration.reviewedAt) }) : ''}
      {declaration.reviewNote ? ` · ${t('familyDeclarations.reviewNote', { note: declaration.reviewNote })}` : ''}
    </Text>
  );
}

function Field({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={multiline ? { whiteSpace: 'pre-wrap' } : undefined}>
        {value}
      </Text>
    </Stack>
  );
}
