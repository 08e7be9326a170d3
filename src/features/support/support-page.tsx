import { supportMessageMaxLength, supportMessageSend, supportSubjectMaxLength } from '@contract/support';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { ApiCallError, api } from '@/lib/api-client';
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
 * The contact form. What is acceptable is the server's to say: each refused field shows its
 * message; a signed-in player is known by the account, so only a visitor is asked for name and e-mail.
 */
function ContactForm() {
  const { t } = useTranslation('support');
  const user = useSignedInUser();
  const [form, setForm] = useState(emptyForm);
  const send = useMutation({
    mutationFn: () =>
      api.call(supportMessageSend, user ? { subject: form.subject, message: form.message } : form, { silent: true }),
    onSuccess: () => setForm(emptyForm),
  });
  const fields = send.error instanceof ApiCallError ? send.error.fields : {};
  const edit = (field: keyof typeof emptyForm) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [field]: value }));
  };

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
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
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
            <TextInput
              label={t('form.name')}
              required
              maxLength={50}
              value={form.name}
              error={fields.name}
              onChange={edit('name')}
            />
            <TextInput
              label={t('form.email')}
              type="email"
              required
              value={form.email}
              error={fields.email}
              onChange={edit('email')}
            />
          </Group>
        )}
        <TextInput
          label={t('form.subject')}
          required
          maxLength={supportSubjectMaxLength}
          value={form.subject}
          error={fields.subject}
          onChange={edit('subject')}
        />
        <Textarea
          label={t('form.message')}
          required
          autosize
          minRows={5}
          maxLength={supportMessageMaxLength}
          value={form.message}
          error={fields.message}
          onChange={edit('message')}
        />
        {send.error && Object.keys(fields).length === 0 && (
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
