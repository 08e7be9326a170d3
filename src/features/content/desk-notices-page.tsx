import { adminNoticeSave, type DeskText } from '@contract/content-desk';
import { defaultLocale, locales } from '@contract/locales';
import { Alert, Badge, Button, Checkbox, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DeskPage, DeskTable } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { LoadFailed } from '../user/account-gates';
import { emptyDeskText, LanguageTabs, useLanguageTab, writtenLanguages } from './desk-language-editor';
import { deskNoticesQueryOptions } from './desk-queries';

interface Draft {
  id?: number;
  title: DeskText;
  content: DeskText;
  pinned: boolean;
}

/**
 * Notices per language (docs/requirements.md §1.8): one tab per language, Japanese required. The
 * server decides what is acceptable and names each refused field; the form puts each message on
 * its field and marks the tab holding it.
 */
export function NoticesPage() {
  const { t } = useTranslation('admin');
  const result = useQuery(deskNoticesQueryOptions(currentLanguage()));
  const [draft, setDraft] = useState<Draft | null>(null);
  return (
    <DeskPage title={t('notices.title')} description={t('notices.description')}>
      <Group>
        <Button onClick={() => setDraft({ title: emptyDeskText(), content: emptyDeskText(), pinned: false })}>
          {t('notices.new')}
        </Button>
      </Group>
      {result.isError && !result.data ? (
        <LoadFailed onRetry={() => void result.refetch()} />
      ) : !result.data ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <DeskTable
          label={t('notices.title')}
          head={[t('notices.noticeTitle'), t('notices.languages'), t('columns.at'), t('columns.actions')]}
        >
          {result.data.list.map((notice) => (
            <Table.Tr key={notice.id}>
              <Table.Td lang="ja">
                <Group gap="xs" wrap="nowrap">
                  {notice.pinned && <Badge size="sm">{t('notices.pinned')}</Badge>}
                  <Text size="sm" lang="ja" data-user-content>
                    {notice.title[defaultLocale]}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                {t('notices.languagesWritten', {
                  written: writtenLanguages([notice.title, notice.content]).length,
                  total: locales.length,
                })}
              </Table.Td>
              <Table.Td>{formatDateTime(notice.publishedAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('notices.editOne', { title: notice.title[defaultLocale] })}
                  onClick={() => setDraft(notice)}
                >
                  {t('notices.edit')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DeskTable>
      )}
      {draft && <NoticeEditor key={draft.id ?? 'new'} draft={draft} onClose={() => setDraft(null)} />}
    </DeskPage>
  );
}

function NoticeEditor({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useForm<Draft>({ initialValues: draft, validate: schemaResolver(adminNoticeSave.body, { sync: true }) });
  const { tab, setTab, showRefusal } = useLanguageTab(form);
  const save = useMutation({
    mutationFn: (notice: Draft) => operatorApi.call(adminNoticeSave, notice, { silent: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deskQueryKey });
      onClose();
    },
    onError: showRefusal,
  });

  return (
    <Modal opened onClose={onClose} size="xl" title={draft.id === undefined ? t('notices.new') : t('notices.edit')}>
      <form onSubmit={form.onSubmit((values) => save.mutate(v.parse(adminNoticeSave.body, values)))}>
        <Stack gap="md">
          {save.error && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <LanguageTabs
            form={form}
            fields={[
              { name: 'title', label: t('notices.noticeTitle') },
              { name: 'content', label: t('notices.text'), multiline: true },
            ]}
            namespace="admin"
            required={t('notices.required')}
            emptyFallsBack={t('notices.emptyFallsBack')}
            tab={tab}
            onTab={setTab}
          />
          <Checkbox label={t('notices.pinned')} {...form.getInputProps('pinned', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('notices.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('notices.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
