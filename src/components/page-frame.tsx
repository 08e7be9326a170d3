import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A page heading with a short lead paragraph, above the page's own content. */
export function PageFrame({
  title,
  titleLang,
  description,
  children,
}: {
  title: string;
  /** Set when the title is not in the page's language (an operator's text shown in Japanese). */
  titleLang?: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} size="h2" c="crimson.9" lang={titleLang}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}

export const accountPages = [
  'userCenter',
  'deposit',
  'withdraw',
  'cryptoDeposit',
  'cryptoWithdraw',
  'accountSetting',
  'record',
  'bankcardSetting',
  'appKey',
  'appLogin',
  'payPassword',
  'updatePayPassword',
  'stationLetter',
  'subordinateManagement',
  'teamReport',
  'teamRecharge',
  'teamWithdraw',
] as const;
export type AccountPage = (typeof accountPages)[number];

/** Heading and purpose of an account, game-hall or agent page (texts in the `account` namespace). */
export function AccountFrame({ page }: { page: AccountPage }) {
  const { t } = useTranslation('account');
  return (
    <PageFrame title={t(`${page}.title`)}>
      <Paper withBorder p="lg" radius="md">
        <Text>{t(`${page}.description`)}</Text>
      </Paper>
    </PageFrame>
  );
}
