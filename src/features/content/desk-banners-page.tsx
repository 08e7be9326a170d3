import {
  adminBannerPublish,
  adminBannerSave,
  bannerPositions,
  type DeskBanner,
  type DeskText,
} from '@contract/content-desk';
import { defaultLocale, locales } from '@contract/locales';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useFormError } from '@/lib/form-error';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useDeskAllows } from '../admin/desk-access';
import { DeskPage, DeskTable } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { LoadFailed } from '../user/account-gates';
import { BannerArt } from './banner-carousel';
import classes from './content.module.css';
import { emptyDeskText, LanguageTabs, ReaderPreview, useLanguageTab, writtenLanguages } from './desk-language-editor';
import { deskBannersQueryOptions } from './desk-queries';

/** The banner as the editor holds it: the schedule as the desk's local time typed, '' when open. */
interface Draft {
  id?: number;
  position: DeskBanner['position'];
  title: DeskText;
  imageUrl: string;
  linkUrl: string;
  sort: number;
  showsFrom: string;
  showsUntil: string;
}

const localTimeFormat = 'YYYY-MM-DDTHH:mm';
const localTime = (instant: string | null) => (instant ? dayjs(instant).format(localTimeFormat) : '');
const instant = (typed: string) => (typed ? dayjs(typed).toISOString() : null);

const newBanner = (): Draft => ({
  position: 'home',
  title: emptyDeskText(),
  imageUrl: '',
  linkUrl: '',
  sort: 0,
  showsFrom: '',
  showsUntil: '',
});

const draftOf = (banner: DeskBanner): Draft => ({
  ...banner,
  showsFrom: localTime(banner.showsFrom),
  showsUntil: localTime(banner.showsUntil),
});

/** The draft checked as the call's body, so each refusal lands on the field typed. */
const draftSchema = v.pipe(
  v.custom<Draft>(() => true),
  v.transform<Draft, unknown>((draft) => ({
    ...draft,
    showsFrom: instant(draft.showsFrom),
    showsUntil: instant(draft.showsUntil),
  })),
  adminBannerSave.body,
);

/** Where a banner stands for players now: withdrawn, waiting for its start, showing, or past its end. */
function standing(banner: DeskBanner, now: number): 'withdrawn' | 'scheduled' | 'showing' | 'ended' {
  if (!banner.active) return 'withdrawn';
  if (banner.showsFrom && Date.parse(banner.showsFrom) > now) return 'scheduled';
  if (banner.showsUntil && Date.parse(banner.showsUntil) <= now) return 'ended';
  return 'showing';
}

const standingColours = { withdrawn: 'gray', scheduled: 'yellow', showing: 'green', ended: 'gray' } as const;

/**
 * The banners of the home and promotions pages (docs/requirements.md §1.8): the title per language,
 * the picture and link, the order and the schedule. A new banner is saved withdrawn; the list
 * publishes and withdraws it. Operators who only read see the list without its buttons.
 */
export function BannersPage() {
  const { t } = useTranslation('desk-content');
  const result = useQuery(deskBannersQueryOptions(currentLanguage()));
  const [draft, setDraft] = useState<Draft | null>(null);
  const mayWrite = useDeskAllows(adminBannerSave);
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: (change: { id: number; active: boolean }) => operatorApi.call(adminBannerPublish, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskQueryKey }),
  });
  const now = Date.now();
  return (
    <DeskPage title={t('banners.title')} description={t('banners.description')}>
      {mayWrite && (
        <Group>
          <Button onClick={() => setDraft(newBanner())}>{t('banners.new')}</Button>
        </Group>
      )}
      {result.isError && !result.data ? (
        <LoadFailed onRetry={() => void result.refetch()} />
      ) : !result.data ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <DeskTable
          label={t('banners.title')}
          head={[
            t('banners.bannerTitle'),
            t('banners.position'),
            t('banners.sort'),
            t('editor.languages'),
            t('banners.schedule'),
            t('banners.standing'),
            ...(mayWrite ? [t('editor.actions')] : []),
          ]}
        >
          {result.data.map((banner) => {
            const title = banner.title[defaultLocale];
            return (
              <Table.Tr key={banner.id}>
                <Table.Td lang="ja">
                  <Text size="sm" lang="ja" data-user-content>
                    {title}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`banners.positions.${banner.position}`)}</Table.Td>
                <Table.Td>{banner.sort}</Table.Td>
                <Table.Td>
                  {t('editor.languagesWritten', {
                    written: writtenLanguages([banner.title]).length,
                    total: locales.length,
                  })}
                </Table.Td>
                <Table.Td>
                  <Schedule banner={banner} />
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={standingColours[standing(banner, now)]}>
                    {t(`banners.standings.${standing(banner, now)}`)}
                  </Badge>
                </Table.Td>
                {mayWrite && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={t('banners.editOne', { title })}
                        onClick={() => setDraft(draftOf(banner))}
                      >
                        {t('editor.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t(banner.active ? 'banners.withdrawOne' : 'banners.publishOne', { title })}
                        loading={publish.isPending && publish.variables?.id === banner.id}
                        onClick={() => publish.mutate({ id: banner.id, active: !banner.active })}
                      >
                        {t(banner.active ? 'banners.withdraw' : 'banners.publish')}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </DeskTable>
      )}
      {draft && <BannerEditor key={draft.id ?? 'new'} draft={draft} onClose={() => setDraft(null)} />}
    </DeskPage>
  );
}

function Schedule({ banner }: { banner: DeskBanner }) {
  const { t } = useTranslation('desk-content');
  const from = banner.showsFrom && formatDateTime(banner.showsFrom);
  const until = banner.showsUntil && formatDateTime(banner.showsUntil);
  if (from && until) return t('banners.fromUntil', { from, until });
  if (from) return t('banners.from', { from });
  if (until) return t('banners.until', { until });
  return t('banners.always');
}

function BannerEditor({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation('desk-content');
  const queryClient = useQueryClient();
  const form = useForm<Draft>({ initialValues: draft, validate: schemaResolver(draftSchema, { sync: true }) });
  const formError = useFormError('desk-content');
  const { tab, setTab, showRefusal } = useLanguageTab(form);
  const save = useMutation({
    mutationFn: (banner: v.InferOutput<typeof draftSchema>) =>
      operatorApi.call(adminBannerSave, banner, { silent: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deskQueryKey });
      onClose();
    },
    onError: showRefusal,
  });
  const error = (path: keyof Draft, label: string) => formError(form.errors[path], { field: label });

  return (
    <Modal opened onClose={onClose} size="xl" title={draft.id === undefined ? t('banners.new') : t('banners.edit')}>
      <form onSubmit={form.onSubmit((values) => save.mutate(v.parse(draftSchema, values)))}>
        <Stack gap="md">
          {save.error && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <LanguageTabs
            form={form}
            fields={[{ name: 'title', label: t('banners.bannerTitle') }]}
            namespace="desk-content"
            required={t('editor.required')}
            emptyFallsBack={t('banners.emptyFallsBack')}
            tab={tab}
            onTab={setTab}
          />
          <Group grow align="flex-start">
            <Select
              label={t('banners.position')}
              data={bannerPositions.map((position) => ({ value: position, label: t(`banners.positions.${position}`) }))}
              allowDeselect={false}
              {...form.getInputProps('position')}
            />
            <NumberInput
              label={t('banners.sort')}
              description={t('banners.sortHint')}
              min={0}
              max={9999}
              allowDecimal={false}
              {...form.getInputProps('sort')}
              error={error('sort', t('banners.sort'))}
            />
          </Group>
          <TextInput
            label={t('banners.imageUrl')}
            description={t('banners.addressHint')}
            withAsterisk
            {...form.getInputProps('imageUrl')}
            error={error('imageUrl', t('banners.imageUrl'))}
          />
          <TextInput
            label={t('banners.linkUrl')}
            description={t('banners.addressHint')}
            {...form.getInputProps('linkUrl')}
            error={error('linkUrl', t('banners.linkUrl'))}
          />
          <Group grow align="flex-start">
            <InstantField
              form={form}
              path="showsFrom"
              label={t('banners.showsFrom')}
              hint={t('banners.showsFromHint')}
            />
            <InstantField
              form={form}
              path="showsUntil"
              label={t('banners.showsUntil')}
              hint={t('banners.showsUntilHint')}
            />
          </Group>
          <ReaderPreview texts={{ title: form.values.title }}>
            {(shown, lang, reader) => (
              <div className={classes.bannerFrame}>
                <BannerArt
                  banner={{
                    id: draft.id ?? 0,
                    title: shown.title,
                    lang,
                    imageUrl: form.values.imageUrl,
                    linkUrl: null,
                  }}
                  first={false}
                  reader={reader}
                />
              </div>
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

/** An instant typed in the desk's local time; empty leaves that end of the schedule open. */
function InstantField({
  form,
  path,
  label,
  hint,
}: {
  form: UseFormReturnType<Draft>;
  path: 'showsFrom' | 'showsUntil';
  label: string;
  hint: string;
}) {
  const formError = useFormError('desk-content');
  const input = form.getInputProps(path);
  return (
    <TextInput
      type="datetime-local"
      label={label}
      description={hint}
      {...input}
      error={formError(input.error, { field: label })}
    />
  );
}
