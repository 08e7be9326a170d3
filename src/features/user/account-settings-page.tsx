import { type Profile, passwordMaxLength } from '@contract/auth';
import {
  type accountSettingsMachine,
  selectIdentityLocked,
  selectIdNumber,
  selectIdNumberMessages,
  selectIdNumberSaving,
  selectPasswordMessages,
  selectPasswordSaving,
  selectPasswordValues,
  selectProfileDirty,
  selectProfileMessages,
  selectProfileSaving,
  selectProfileValues,
} from '@machines/account-settings.machine';
import {
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { ButtonLink } from '@/components/router-links';
import { useFieldMessage } from '@/lib/field-message';
import { currentLanguage } from '@/lib/i18n';
import { inspection } from '@/lib/inspector';
import { IdentityVerificationSection } from '../kyc/identity-verification-section';
import { kycStateQueryOptions } from '../kyc/queries';
import { LoadFailed } from './account-gates';
import { accountSettingsLogic } from './account-settings-flow';
import { countriesQueryOptions, profileQueryOptions } from './queries';
import { useAccountRefresh } from './use-account-refresh';

type AccountSettingsActor = ActorRefFrom<typeof accountSettingsMachine>;

export interface DialCodeOption {
  value: string;
  label: string;
}

/** The account-setting page: personal information, ID number, identity verification, passwords. */
export function AccountSettingsPage() {
  const { t } = useTranslation('user');
  const profile = useQuery(profileQueryOptions());
  const countries = useQuery(countriesQueryOptions(currentLanguage()));
  const dialCodes = useMemo(() => dialCodeOptions(countries.data ?? []), [countries.data]);

  let content: ReactNode;
  if ((profile.isError && !profile.data) || (countries.isError && !countries.data)) {
    content = (
      <LoadFailed
        onRetry={() => {
          void profile.refetch();
          void countries.refetch();
        }}
      />
    );
  } else if (profile.data && countries.data) {
    content = <AccountSettingsForms profile={profile.data} dialCodes={dialCodes} />;
  } else {
    content = <Skeleton h={420} radius="md" />;
  }
  return <PageFrame title={t('account:accountSetting.title')}>{content}</PageFrame>;
}

/** One entry per dialling code (several countries may share one), named by its countries. */
export function dialCodeOptions(countries: { name: string; dialCode: string }[]): DialCodeOption[] {
  const byCode = new Map<string, string[]>();
  for (const country of countries)
    byCode.set(country.dialCode, [...(byCode.get(country.dialCode) ?? []), country.name]);
  return [...byCode].map(([code, names]) => ({ value: code, label: `${code} ${names.join(' / ')}` }));
}

function AccountSettingsForms({ profile, dialCodes }: { profile: Profile; dialCodes: DialCodeOption[] }) {
  const refresh = useAccountRefresh();
  const [logic] = useState(() => accountSettingsLogic({ refresh }));
  const settings = useActorRef(logic, {
    ...inspection,
    input: { profile, dialCodes: dialCodes.map((option) => option.value) },
  });
  return (
    <AccountSettingsView
      settings={settings}
      dialCodes={dialCodes}
      hasPayPassword={profile.hasPayPassword}
      identityVerification={<IdentityVerificationSection />}
    />
  );
}

/** The page's sections, each form driven by its region of the settings machine; KYC has its own flow. */
export function AccountSettingsView({
  settings,
  dialCodes,
  hasPayPassword,
  identityVerification,
}: {
  settings: AccountSettingsActor;
  dialCodes: DialCodeOption[];
  hasPayPassword: boolean;
  identityVerification?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <ProfileSection settings={settings} dialCodes={dialCodes} />
      <IdNumberSection settings={settings} />
      {identityVerification}
      <PasswordSection settings={settings} />
      <PayPasswordSection hasPayPassword={hasPayPassword} />
    </Stack>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" id={id} component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function ProfileSection({ settings, dialCodes }: { settings: AccountSettingsActor; dialCodes: DialCodeOption[] }) {
  const { t } = useTranslation('user');
  const message = useFieldMessage('user');
  const values = useSelector(settings, selectProfileValues);
  const messages = useSelector(settings, selectProfileMessages);
  const dirty = useSelector(settings, selectProfileDirty);
  const saving = useSelector(settings, selectProfileSaving);
  const locked = useSelector(settings, selectIdentityLocked);
  const change = (field: keyof typeof values) => (value: string) =>
    settings.send({ type: 'profile.changed', field, value });
  const nameLockNote = locked ? t('settings.profile.namesLocked') : undefined;

  return (
    <Section
      id="personal-information"
      title={t('settings.profile.title')}
      description={t('settings.profile.description')}
    >
      <form
        noValidate
        aria-label={t('settings.profile.title')}
        onSubmit={(event) => {
          event.preventDefault();
          settings.send({ type: 'profile.submit' });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('fields.nickname')}
            value={values.nickname}
            onChange={(event) => change('nickname')(event.currentTarget.value)}
            error={message(messages.nickname)}
            disabled={saving}
            maxLength={40}
          />
          <Group align="flex-start" grow wrap="nowrap">
            <Select
              label={t('fields.dialCode')}
              data={dialCodes}
              value={values.dialCode || null}
              onChange={(value) => change('dialCode')(value ?? '')}
              error={message(messages.dialCode)}
              disabled={saving}
              searchable
              maw={220}
            />
            <TextInput
              label={t('fields.phone')}
              type="tel"
              inputMode="tel"
              value={values.nationalNumber}
              onChange={(event) => change('nationalNumber')(event.currentTarget.value)}
              error={message(messages.nationalNumber)}
              disabled={saving}
              maxLength={20}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.lastName')}
              value={values.lastName}
              onChange={(event) => change('lastName')(event.currentTarget.value)}
              error={message(messages.lastName)}
              description={nameLockNote}
              disabled={saving || locked}
              maxLength={50}
            />
            <TextInput
              label={t('fields.firstName')}
              value={values.firstName}
              onChange={(event) => change('firstName')(event.currentTarget.value)}
              error={message(messages.firstName)}
              description={nameLockNote}
              disabled={saving || locked}
              maxLength={50}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.pinyinName')}
            value={values.pinyinName}
            onChange={(event) => change('pinyinName')(event.currentTarget.value)}
            error={message(messages.pinyinName)}
            description={nameLockNote ?? t('settings.profile.pinyinHint')}
            disabled={saving || locked}
            maxLength={100}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={!dirty}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function IdNumberSection({ settings }: { settings: AccountSettingsActor }) {
  const { t } = useTranslation('user');
  const message = useFieldMessage('user');
  const kyc = useQuery(kycStateQueryOptions());
  const idNumber = useSelector(settings, selectIdNumber);
  const messages = useSelector(settings, selectIdNumberMessages);
  const saving = useSelector(settings, selectIdNumberSaving);
  const locked = useSelector(settings, selectIdentityLocked);
  const recorded = kyc.data?.maskedIdNumber;

  return (
    <Section id="id-number" title={t('settings.idNumber.title')} description={t('settings.idNumber.description')}>
      <Text size="sm">
        {t('settings.idNumber.recorded')}: <strong>{recorded ?? t('center.notSet')}</strong>
      </Text>
      {locked ? (
        <Text size="sm" c="dimmed">
          {t('settings.idNumber.locked')}
        </Text>
      ) : (
        <form
          noValidate
          aria-label={t('settings.idNumber.title')}
          onSubmit={(event) => {
            event.preventDefault();
            settings.send({ type: 'idNumber.submit' });
          }}
        >
          <Group align="flex-start">
            <TextInput
              label={t('fields.idNumber')}
              value={idNumber}
              onChange={(event) => settings.send({ type: 'idNumber.changed', value: event.currentTarget.value })}
              error={message(messages.idNumber)}
              disabled={saving}
              maxLength={32}
              flex={1}
              autoComplete="off"
            />
            <Button type="submit" loading={saving} mt={25}>
              {t(recorded ? 'settings.idNumber.change' : 'settings.idNumber.record')}
            </Button>
          </Group>
        </form>
      )}
    </Section>
  );
}

function PasswordSection({ settings }: { settings: AccountSettingsActor }) {
  const { t } = useTranslation('user');
  const message = useFieldMessage('user');
  const values = useSelector(settings, selectPasswordValues);
  const messages = useSelector(settings, selectPasswordMessages);
  const saving = useSelector(settings, selectPasswordSaving);
  const fields = [
    ['oldPassword', 'current-password'],
    ['newPassword', 'new-password'],
    ['confirmPassword', 'new-password'],
  ] as const;

  return (
    <Section id="login-password" title={t('settings.password.title')} description={t('settings.password.description')}>
      <form
        noValidate
        aria-label={t('settings.password.title')}
        onSubmit={(event) => {
          event.preventDefault();
          settings.send({ type: 'password.submit' });
        }}
      >
        <Stack gap="md">
          {fields.map(([field, autoComplete]) => (
            <PasswordInput
              key={field}
              label={t(`fields.${field}`)}
              value={values[field]}
              onChange={(event) => settings.send({ type: 'password.changed', field, value: event.currentTarget.value })}
              error={message(messages[field])}
              disabled={saving}
              autoComplete={autoComplete}
              maxLength={passwordMaxLength}
            />
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t('settings.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function PayPasswordSection({ hasPayPassword }: { hasPayPassword: boolean }) {
  const { t } = useTranslation('user');
  return (
    <Section id="pay-password" title={t('payPassword.title')} description={t('payPassword.description')}>
      <Group justify="space-between">
        <Text size="sm">{t(hasPayPassword ? 'payPassword.isSet' : 'payPassword.isNotSet')}</Text>
        {hasPayPassword ? (
          <ButtonLink to="/user/update-pay-password" variant="light">
            {t('payPassword.changeAction')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/user/pay-password">{t('payPassword.setAction')}</ButtonLink>
        )}
      </Group>
    </Section>
  );
}
