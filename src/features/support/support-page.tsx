import {
  supportMessageMaxLength,
  supportMessageSend,
  supportNameMaxLength,
  supportPlayerForm,
  supportSubjectMaxLength,
  supportVisitorForm,
} from '@contract/support';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { ApiCallError, api } from '@/lib/api-client';
import { useFieldProps } from '@/lib/form-error';
import { currentLanguage } from '@/lib/i18n';
import { useSignedInUser } from '../session/use-session';
import { LoadFailed } from '../user/account-gates';
import { supportInfoQueryOptions } from './support-queries';

/** The support page (docs/requirements.md §15.3): the channels the operator set, then the contact form. */
export function SupportPage() {
  const { t } = useTranslation('support');
  return (
    <PageFrame title={t('support.title')} description={t('support.description')}>
      <Channels />
      <ContactForm />
    </PageFrame>
  );
}

function Channels() {
  const { t } = useTranslation('support');
  const info = useQuery(supportInfoQueryOptions(currentLanguage()));
  if (info.isPending) return <Skeleton height={96} radius="md" aria-busy="true" />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  const { email, lineId, lineUrl, hours } = info.data;
  if (!email && !lineId && !lineUrl && !hours) return <Text c="dimmed">{t('support.noChannels')}</Text>;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('support.channels')}
        </Title>
        {email && (
          <Text size="sm">
            {t('support.email')}: <Anchor href={`mailto:${email}`}>{email}</Anchor>
          </Text>
        )}
        {(lineId || lineUrl) && (
          <Text size="sm">
            {t('support.line')}: {lineId}{' '}
            {lineUrl && (
              <Anchor href={lineUrl} target="_blank" rel="noopener noreferrer">
                {t('support.lineOpen')}
              </Anchor>
            )}
          </Text>
        )}
        {hours && (
          <Text size="sm">
            {t('support.hours')}: {hours}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

const emptyForm = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form: checked in the browser against the contract's form schema, and what the server
 * still refuses shows on its field; a signed-in player is known by the account, so only a visitor is
 * asked for name and e-mail.
 */
function ContactForm() {
  const { t } = useTranslation('support');
  const user = useSignedInUser();
  const form = useForm({
    initialValues: emptyForm,
    validate: schemaResolver(user ? supportPlayerForm : supportVisitorForm, { sync: true }),
  });
  const send = useMutation({
    mutationFn: (values: typeof emptyForm) =>
      api.call(supportMessageSend, user ? { subject: values.subject, message: values.message } : values, {
        silent: true,
      }),
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (error instanceof ApiCallError) form.setErrors(error.fields);
    },
  });
  const refusedFields = send.error instanceof ApiCallError ? Object.keys(send.error.fields) : [];
  const field = useFieldProps(form, 'support');

  if (send.isSuccess) {
    return (
      <Alert color="teal" title={t('form.sentTitle')} role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(user ? 'form.sentPlayer' : 'form.sentVisitor')}</Text>
          <Button size="xs" variant="light" onClick={() => send.reset()}>
            {t('form.another')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="form"
      aria-labelledby="contact-form-title"
      onSubmit={form.onSubmit((values) => send.mutate(values))}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="contact-form-title">
          {t('form.title')}
        </Title>
        {user ? (
          <Text size="sm" c="dimmed">
            {t('form.signedInAs', { account: user.username })}
          </Text>
        ) : (
          <Group grow align="flex-start">
            <TextInput {...field('name', t('form.name'))} required maxLength={supportNameMaxLength} />
            <TextInput {...field('email', t('form.email'))} type="email" required />
          </Group>
        )}
        <TextInput {...field('subject', t('form.subject'))} required maxLength={supportSubjectMaxLength} />
        <Textarea
          {...field('message', t('form.message'))}
          required
          autosize
          minRows={5}
          maxLength={supportMessageMaxLength}
        />
        {send.error && refusedFields.length === 0 && (
          <Alert color="red" role="alert">
            {send.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            {t('form.send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
