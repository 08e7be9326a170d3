import { letterBodyMaxLength, letterTitleMaxLength, stationLetterAudiences } from '@contract/letters';
import {
  adminStationLetterList,
  emptyLetter,
  type LetterComposeValues,
  type LetterSend,
  letterComposeForm,
  type SentLetter,
} from '@contract/letters-desk';
import { type Locale, locales } from '@contract/locales';
import { selectEmptyLocales, selectLetterToSend } from '@machines/letter-compose.machine';
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useFieldProps } from '@/lib/form-error';
import { formatDateTime } from '@/lib/format';
import { currentLanguage, languageNames } from '@/lib/i18n';
import { inspection } from '@/lib/inspector';
import { DeskPage, DeskTable } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { LoadFailed } from '../user/account-gates';
import { deskLetterCompose } from './desk-letters-flow';

const audienceLabel = {
  player: 'desk.audiencePlayer',
  allPlayers: 'desk.audienceAllPlayers',
  allAgents: 'desk.audienceAllAgents',
} as const;

const sentLettersQuery = (lng: Locale) => ({
  queryKey: [...deskQueryKey, lng, 'letters'],
  queryFn: () => operatorApi.call(adminStationLetterList, { pageSize: 20 }),
  placeholderData: keepPreviousData,
  staleTime: 0,
});

/** Writing and sending letters (docs/requirements.md §13.6): compose, preview, send; then what was sent. */
export function LettersPage() {
  const { t } = useTranslation('letters');
  const compose = useActorRef(deskLetterCompose, { ...inspection });
  const stage = useSelector(compose, (snapshot) => snapshot.value);
  // The form outlives the preview, so going back to edit finds the letter as it was written.
  const form = useForm<LetterComposeValues>({
    initialValues: emptyLetter(),
    validate: schemaResolver(letterComposeForm, { sync: true }),
  });
  const queryClient = useQueryClient();
  useEffect(() => {
    if (stage === 'sent') void queryClient.invalidateQueries({ queryKey: deskQueryKey });
  }, [stage, queryClient]);

  return (
    <DeskPage title={t('desk.title')} description={t('desk.description')}>
      {stage === 'editing' && <ComposeForm compose={compose} form={form} />}
      {(stage === 'previewing' || stage === 'sending') && <Preview compose={compose} />}
      {stage === 'sent' && (
        <Alert color="teal" title={t('desk.sent')}>
          <Button
            size="xs"
            mt="xs"
            onClick={() => {
              form.reset();
              compose.send({ type: 'compose.new' });
            }}
          >
            {t('desk.title')}
          </Button>
        </Alert>
      )}
      <SentLetters />
    </DeskPage>
  );
}

type ComposeRef = ReturnType<typeof useActorRef<typeof deskLetterCompose>>;

function ComposeForm({ compose, form }: { compose: ComposeRef; form: UseFormReturnType<LetterComposeValues> }) {
  const { t } = useTranslation('letters');
  const field = useFieldProps(form, 'letters');
  const refusedLanguage = (locale: Locale) =>
    Object.keys(form.errors).some((path) => path.startsWith(`texts.${locale}.`));
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      noValidate
      onSubmit={form.onSubmit((values) =>
        compose.send({ type: 'form.submit', letter: v.parse(letterComposeForm, values) }),
      )}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="letter-audience">
            {t('desk.audience')}
          </Text>
          <SegmentedControl
            {...form.getInputProps('audience')}
            aria-labelledby="letter-audience"
            data={stationLetterAudiences.map((audience) => ({ value: audience, label: t(audienceLabel[audience]) }))}
          />
        </Stack>
        {form.values.audience === 'player' && <TextInput {...field('userId', t('desk.userId'))} inputMode="numeric" />}
        <Tabs defaultValue="ja-JP" keepMounted={false}>
          <Tabs.List>
            {locales.map((locale) => (
              <Tabs.Tab key={locale} value={locale} c={refusedLanguage(locale) ? 'red' : undefined}>
                {languageNames[locale]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {locales.map((locale) => (
            <Tabs.Panel key={locale} value={locale} pt="sm">
              <Stack gap="sm">
                <TextInput
                  {...field(`texts.${locale}.title`, `${t('desk.subject')} (${languageNames[locale]})`)}
                  required={locale === 'ja-JP'}
                  maxLength={letterTitleMaxLength}
                />
                <Textarea
                  {...field(`texts.${locale}.body`, `${t('desk.body')} (${languageNames[locale]})`)}
                  required={locale === 'ja-JP'}
                  autosize
                  minRows={4}
                  maxLength={letterBodyMaxLength}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group justify="flex-end">
          <Button type="submit">{t('desk.preview')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function recipientsOf(letter: LetterSend, t: (key: string) => string): string {
  const label = t(audienceLabel[letter.audience]);
  return letter.audience === 'player' ? `${label} (ID ${letter.userId})` : label;
}

function Preview({ compose }: { compose: ComposeRef }) {
  const { t } = useTranslation('letters');
  const letter = useSelector(compose, selectLetterToSend);
  const sending = useSelector(compose, (snapshot) => snapshot.matches('sending'));
  const sendError = useSelector(compose, (snapshot) => snapshot.context.sendError);
  const empty = useSelector(compose, selectEmptyLocales);
  if (!letter) return null;
  const japanese = letter.texts['ja-JP'];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('desk.previewTitle')}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('desk.previewTitle')}
        </Title>
        <Text>{t('desk.previewTo', { audience: recipientsOf(letter, t) })}</Text>
        {locales.map((locale) => {
          const text = letter.texts[locale];
          return (
            <Stack key={locale} gap={2}>
              <Text size="sm" c="dimmed">
                {languageNames[locale]}
                {!text && ` · ${t('desk.fallback')}`}
              </Text>
              <Text fw={700} data-user-content>
                {(text ?? japanese)?.title}
              </Text>
              <Text style={{ whiteSpace: 'pre-line' }} data-user-content>
                {(text ?? japanese)?.body}
              </Text>
            </Stack>
          );
        })}
        {empty.length > 0 && (
          <Alert
            color="yellow"
            role="status"
            title={t('desk.emptyTitle', { count: empty.length })}
            data-testid="letter-empty-languages"
          >
            {t('desk.emptyLanguages', { languages: empty.map((locale) => languageNames[locale]).join(', ') })}
          </Alert>
        )}
        {sendError && (
          <Alert color="red" role="alert">
            {sendError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" disabled={sending} onClick={() => compose.send({ type: 'edit' })}>
            {t('desk.edit')}
          </Button>
          <Button loading={sending} onClick={() => compose.send({ type: 'send' })}>
            {t('desk.send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SentLetters() {
  const { t } = useTranslation('letters');
  const sent = useQuery(sentLettersQuery(currentLanguage()));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('desk.history')}
      </Title>
      {sent.isError && !sent.data ? (
        <LoadFailed onRetry={() => void sent.refetch()} />
      ) : !sent.data ? (
        <Skeleton h={120} radius="md" />
      ) : sent.data.list.length === 0 ? (
        <Text c="dimmed">{t('desk.empty')}</Text>
      ) : (
        <DeskTable
          label={t('desk.history')}
          head={[
            t('desk.columns.sentAt'),
            t('desk.columns.audience'),
            t('desk.columns.title'),
            t('desk.columns.sentBy'),
          ]}
        >
          {sent.data.list.map((letter: SentLetter) => (
            <Table.Tr key={letter.id}>
              <Table.Td>{formatDateTime(letter.sentAt)}</Table.Td>
              <Table.Td>
                {letter.audience === 'player' ? (letter.account ?? '') : t(audienceLabel[letter.audience])}
              </Table.Td>
              <Table.Td data-user-content>{letter.title}</Table.Td>
              <Table.Td>{letter.sentBy ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </DeskTable>
      )}
    </Stack>
  );
}
