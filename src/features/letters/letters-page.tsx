import { type StationLetter, stationLetterRead, stationLetterReadAll } from '@contract/letters';
import { Accordion, Alert, Badge, Button, Center, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useAuthDialog, useSessionStatus, useSignedInUser } from '../session/use-session';
import { letterPageQuery, lettersQueryKey } from './letter-queries';

const lettersPerPage = 10;

/**
 * The letters page (docs/requirements.md §13.4): a visitor reads the letters to everyone and is
 * asked to sign in for their own; a player opens a letter to read it, which marks it read. While a
 * stored session is restored the page waits, so a player is never asked to sign in.
 */
export function StationLetterPage() {
  const { t } = useTranslation('letters');
  const { t: tAccount } = useTranslation('account');
  const user = useSignedInUser();
  // While a stored session is being restored the reader is neither a visitor nor a player yet.
  const restoring = useSessionStatus() === 'checking';
  const [page, setPage] = useState(1);
  const letters = useQuery({
    ...letterPageQuery(currentLanguage(), user?.userId ?? null, page, lettersPerPage),
    ...(restoring ? { enabled: false } : {}),
  });
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: lettersQueryKey });
  const markRead = useMutation({
    mutationFn: (letterId: number) => api.call(stationLetterRead, { letterId }),
    onSuccess: refresh,
  });
  const markAllRead = useMutation({ mutationFn: () => api.call(stationLetterReadAll, {}), onSuccess: refresh });
  const pageCount = letters.data ? Math.ceil(letters.data.total / lettersPerPage) : 0;
  const unreadCount = letters.data?.unreadCount ?? 0;

  const open = (value: string | null) => {
    const letter = letters.data?.list.find((candidate) => String(candidate.id) === value);
    if (user && letter && !letter.read) markRead.mutate(letter.id);
  };

  return (
    <PageFrame title={tAccount('stationLetter.title')} description={tAccount('stationLetter.description')}>
      {!user && !restoring && <VisitorInvitation />}
      {user && letters.data && (
        <Group justify="space-between">
          <Text aria-live="polite">{t('page.unreadCount', { unread: unreadCount })}</Text>
          <Button
            variant="light"
            disabled={unreadCount === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t('page.markAllRead')}
          </Button>
        </Group>
      )}
      {(restoring || letters.isPending) && (
        <Stack gap="sm" aria-busy="true" role="status" aria-label={t('page.loading')}>
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} height={56} radius="md" />
          ))}
        </Stack>
      )}
      {letters.isError && <Text c="dimmed">{t('page.unavailable')}</Text>}
      {letters.data && letters.data.list.length === 0 && <Text c="dimmed">{t('page.empty')}</Text>}
      {letters.data && letters.data.list.length > 0 && (
        <Stack gap="lg">
          <Accordion variant="separated" onChange={open}>
            {letters.data.list.map((letter) => (
              <LetterItem key={letter.id} letter={letter} showReadState={user !== null} />
            ))}
          </Accordion>
          {pageCount > 1 && (
            <Center>
              <Pagination total={pageCount} value={page} onChange={setPage} />
            </Center>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}

function VisitorInvitation() {
  const { t } = useTranslation('letters');
  const authDialog = useAuthDialog();
  return (
    <Alert color="gold" title={t('page.visitorTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('page.visitorInvite')}</Text>
        <Button size="xs" onClick={() => authDialog.show('login')}>
          {t('page.signIn')}
        </Button>
      </Stack>
    </Alert>
  );
}

function LetterItem({ letter, showReadState }: { letter: StationLetter; showReadState: boolean }) {
  const { t } = useTranslation('letters');
  const unread = showReadState && !letter.read;
  return (
    <Accordion.Item value={String(letter.id)} data-letter-state={unread ? 'unread' : 'read'}>
      <Accordion.Control>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2}>
            <Text fw={unread ? 700 : 500}>{letter.title}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(letter.sentAt)}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {letter.audience !== 'player' && (
              <Badge variant="outline" color="gray">
                {t(letter.audience === 'allAgents' ? 'page.toAgents' : 'page.toEveryone')}
              </Badge>
            )}
            {unread && <Badge color="crimson">{t('page.unread')}</Badge>}
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Text style={{ whiteSpace: 'pre-line' }}>{letter.content}</Text>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
