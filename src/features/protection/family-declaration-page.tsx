import {
  type FamilyDeclarationFormValues,
  familyDeclarationInput,
  familyRelationships,
  sendFamilyDeclaration,
} from '@contract/protection';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink } from '@/components/router-links';
import { ApiCallError, api } from '@/lib/api-client';
import { useFieldProps } from '@/lib/form-error';
import { currentLanguage } from '@/lib/i18n';
import { countriesQueryOptions } from '../user/queries';

const namespace = 'family-declaration';

const emptyForm: FamilyDeclarationFormValues = {
  playerAccount: '',
  requesterName: '',
  relationship: null,
  email: '',
  dialCode: null,
  nationalNumber: '',
  depositMonthly: '',
  lossMonthly: '',
  reason: '',
};

/** The server checks the composed phone; its sentence goes on the number the reader typed. */
const fieldOfServer = (field: string) => (field === 'phone' ? 'nationalNumber' : field);

/** One entry per dialling code (several countries may share one), named by its countries. */
function dialCodeOptions(countries: { name: string; dialCode: string }[]) {
  const byCode = new Map<string, string[]>();
  for (const country of countries)
    byCode.set(country.dialCode, [...(byCode.get(country.dialCode) ?? []), country.name]);
  return [...byCode].map(([code, names]) => ({ value: code, label: `${code} ${names.join(' / ')}` }));
}

/**
 * The family declaration (家族申告): a family member asks for monthly limits on a player's account.
 * No sign-in; the desk reviews it and the player is told by letter. The answer is the same whether
 * or not the account exists, so the page never says whether it does.
 */
export function FamilyDeclarationPage() {
  const { t } = useTranslation(namespace);
  const form: UseFormReturnType<FamilyDeclarationFormValues> = useForm<FamilyDeclarationFormValues>({
    initialValues: emptyForm,
    validate: schemaResolver(familyDeclarationInput, { sync: true }),
  });
  const send = useMutation({
    mutationFn: (values: FamilyDeclarationFormValues) =>
      api.call(sendFamilyDeclaration, v.parse(familyDeclarationInput, values), { silent: true }),
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (error instanceof ApiCallError)
        form.setErrors(
          Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [fieldOfServer(field), message])),
        );
    },
  });
  return (
    <PageFrame title={t('page.title')} description={t('page.description')}>
      {send.isSuccess ? (
        <FamilyDeclarationSent onAnother={() => send.reset()} />
      ) : (
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="form"
          noValidate
          aria-labelledby="family-declaration-title"
          onSubmit={form.onSubmit((values) => send.mutate(values))}
        >
          <Stack gap="md">
            <Title order={2} size="h4" id="family-declaration-title">
              {t('form.title')}
            </Title>
            <Text size="sm">{t('page.intro')}</Text>
            <FamilyDeclarationFields form={form} />
            {send.error && !(send.error instanceof ApiCallError && Object.keys(send.error.fields).length > 0) && (
              <Alert color="red" role="alert">
                {send.error.message}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              {t('form.privacy')}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                {t('form.send')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </PageFrame>
  );
}

function FamilyDeclarationFields({ form }: { form: UseFormReturnType<FamilyDeclarationFormValues> }) {
  const { t } = useTranslation(namespace);
  const field = useFieldProps(form, namespace);
  const countries = useQuery(countriesQueryOptions(currentLanguage()));
  const dialCodes = useMemo(() => dialCodeOptions(countries.data ?? []), [countries.data]);
  const relationships = familyRelationships.map((value) => ({ value, label: t(`relationships.${value}`) }));
  return (
    <>
      <Title order={3} size="h5">
        {t('form.aboutPlayer')}
      </Title>
      <TextInput
        {...field('playerAccount', t('form.playerAccount'))}
        description={t('form.playerAccountHint')}
        required
        maxLength={254}
      />
      <Title order={3} size="h5">
        {t('form.aboutYou')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('requesterName', t('form.requesterName'))} required maxLength={100} />
        <Select {...field('relationship', t('form.relationship'))} data={relationships} required />
        <TextInput {...field('email', t('form.email'))} type="email" required maxLength={254} />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Select {...field('dialCode', t('form.dialCode'))} data={dialCodes} searchable required maw={160} />
          <TextInput {...field('nationalNumber', t('form.phone'))} type="tel" required style={{ flex: 1 }} />
        </Group>
      </SimpleGrid>
      <Title order={3} size="h5">
        {t('form.limits')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('form.limitsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...field('depositMonthly', t('form.depositMonthly'))}
          description={t('form.depositHint')}
          inputMode="numeric"
        />
        <TextInput
          {...field('lossMonthly', t('form.lossMonthly'))}
          description={t('form.lossHint')}
          inputMode="numeric"
        />
      </SimpleGrid>
      <Textarea
        {...field('reason', t('form.reason'))}
        description={t('form.reasonHint')}
        required
        autosize
        minRows={4}
        maxLength={2000}
      />
    </>
  );
}

function FamilyDeclarationSent({ onAnother }: { onAnother(): void }) {
  const { t } = useTranslation(namespace);
  return (
    <Alert color="teal" title={t('sent.title')} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('sent.body')}</Text>
        <Text size="sm">{t('sent.next')}</Text>
        <Group gap="md">
          <AnchorLink to="/responsible-gaming" size="sm">
            {t('sent.back')}
          </AnchorLink>
          <Button size="xs" variant="light" onClick={onAnother}>
            {t('sent.another')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The way to the family declaration from the responsible-gaming pages. */
export function FamilyDeclarationLink() {
  const { t } = useTranslation(namespace);
  return (
    <Card withBorder radius="md" padding="lg" component="aside" aria-labelledby="family-declaration-link">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="family-declaration-link">
          {t('link.title')}
        </Title>
        <Text size="sm">{t('link.body')}</Text>
        <AnchorLink to="/responsible-gaming/family">{t('link.open')}</AnchorLink>
      </Stack>
    </Card>
  );
}
