import { adminContentPageSave, type DeskContentPage } from '@contract/content-desk';
import { defaultLocale, locales } from '@contract/locales';
import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useDeskAllows } from '../admin/desk-access';
import { DeskPage, DeskTable } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { LoadFailed } from '../user/account-gates';
import { LanguageTabs, ReaderPreview, useLanguageTab, writtenLanguages } from './desk-language-editor';
import { deskContentPagesQueryOptions } from './desk-queries';
import { PlainText } from './plain-text';

type Draft = Pick<DeskContentPage, 'slug' | 'title' | 'body'>;

/**
 * The product's content pages (guides, FAQ, about and licence pages), each rewritten per language
 * (docs/requirements.md §1.8); the desk adds no pages. Operators who only read see no edit buttons.
 */
export function ContentPagesPage() {
  const { t } = useTranslation('desk-content');
  const result = useQuery(deskContentPagesQueryOptions(currentLanguage()));
  const [draft, setDraft] = useState<Draft | null>(null);
  const mayWrite = useDeskAllows(adminContentPageSave);
  return (
    <DeskPage title={t('pages.title')} description={t('pages.description')}>
      {result.isError && !result.data ? (
        <LoadFailed onRetry={() => void result.refetch()} />
      ) : !result.data ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <DeskTable
          label={t('pages.title')}
          head={[
            t('pages.page'),
            t('pages.pageTitle'),
            t('editor.languages'),
            t('pages.updatedAt'),
            ...(mayWrite ? [t('editor.actions')] : []),
          ]}
        >
          {result.data.map((page) => {
            const name = t(`content:pageNames.${page.slug}`);
            return (
              <Table.Tr key={page.slug}>
                <Table.Td>{name}</Table.Td>
                <Table.Td lang="ja">
                  <Text size="sm" lang="ja" data-user-content>
                    {page.title[defaultLocale]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {t('editor.languagesWritten', {
                    written: writtenLanguages([page.title, page.body]).length,
                    total: locales.length,
                  })}
                </Table.Td>
                <Table.Td>{formatDateTime(page.updatedAt)}</Table.Td>
                {mayWrite && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('pages.editOne', { page: name })}
                      onClick={() => setDraft(page)}
                    >
                      {t('editor.edit')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </DeskTable>
      )}
      {draft && <PageEditor key={draft.slug} draft={draft} onClose={() => setDraft(null)} />}
    </DeskPage>
  );
}

function PageEditor({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation('desk-content');
  const queryClient = useQueryClient();
  const form = useForm<Draft>({
    initialValues: { slug: draft.slug, title: draft.title, body: draft.body },
    validate: schemaResolver(adminContentPageSave.body, { sync: true }),
  });
  const { tab, setTab, showRefusal } = useLanguageTab(form);
  const save = useMutation({
    mutationFn: (page: Draft) => operatorApi.call(adminContentPageSave, page, { silent: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deskQueryKey });
      onClose();
    },
    onError: showRefusal,
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('pages.editOne', { page: t(`content:pageNames.${draft.slug}`) })}
    >
      <form onSubmit={form.onSubmit((values) => save.mutate(v.parse(adminContentPageSave.body, values)))}>
        <Stack gap="md">
          {save.error && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <LanguageTabs
            form={form}
            fields={[
              { name: 'title', label: t('pages.pageTitle') },
              { name: 'body', label: t('pages.text'), multiline: true },
            ]}
            namespace="desk-content"
            required={t('editor.required')}
            emptyFallsBack={t('pages.emptyFallsBack')}
            tab={tab}
            onTab={setTab}
          />
          <ReaderPreview texts={{ title: form.values.title, body: form.values.body }}>
            {(shown, lang, reader) => (
              <>
                <Group gap="xs" mb="sm">
                  <Title order={3} size="h4" lang={textLang(lang, reader)}>
                    {shown.title}
                  </Title>
                  <ShownInJapaneseBadge lang={lang} reader={reader} />
                </Group>
                <PlainText body={shown.body} size="sm" lang={textLang(lang, reader)} />
              </>
            )}
          </ReaderPreview>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('editor.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('editor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
