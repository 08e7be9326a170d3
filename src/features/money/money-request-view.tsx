import { type AnyMoneyRequestActor, selectRequestStage } from '@machines/money-request.machine';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-links';
import { BankCardRequired, LoadFailed, PayPasswordRequired, PersonalInformationRequired } from '../user/account-gates';

type RequestKind = 'deposit' | 'withdraw' | 'cryptoWithdraw';

/** Where each kind of request says it is closed, or that no answer came. */
const requestTexts = {
  deposit: { ns: 'finance', noChannel: 'deposit.noChannel', interrupted: 'deposit.interrupted' },
  withdraw: { ns: 'finance', noChannel: 'deposit.noChannel', interrupted: 'withdraw.interrupted' },
  cryptoWithdraw: { ns: 'crypto', noChannel: 'withdraw.noAsset', interrupted: 'withdraw.interrupted' },
} as const;

/**
 * One view per state of a money request's front; the form is the page's own. The front is the
 * parent's child while the parent is requesting, and missing for the moment it takes to start.
 */
export function MoneyRequestView<TRequest extends AnyMoneyRequestActor>({
  request,
  kind,
  form,
}: {
  request: TRequest | undefined;
  kind: RequestKind;
  form(request: TRequest): ReactNode;
}) {
  return request ? <MoneyRequestStages request={request} kind={kind} form={form} /> : null;
}

function MoneyRequestStages<TRequest extends AnyMoneyRequestActor>({
  request,
  kind,
  form,
}: {
  request: TRequest;
  kind: RequestKind;
  form(request: TRequest): ReactNode;
}) {
  const stage = useSelector(request, selectRequestStage);
  switch (stage) {
    case 'checkingPrerequisites':
      return <Skeleton h={300} radius="md" />;
    case 'prerequisitesUnavailable':
      return <LoadFailed onRetry={() => request.send({ type: 'prerequisites.retry' })} />;
    case 'needsPersonalInformation':
      return <PersonalInformationRequired />;
    case 'needsBankCard':
      return <BankCardRequired />;
    case 'needsKyc':
      return <KycRequired />;
    case 'awaitingKycReview':
      return <KycUnderReview />;
    case 'needsPayPassword':
      return <PayPasswordRequired />;
    case 'noChannel':
      return <NoChannel kind={kind} />;
    case 'editing':
    case 'sending':
    case 'sent':
      return form(request);
    case 'interrupted':
      return <RequestInterrupted request={request} kind={kind} />;
  }
}

function KycRequired() {
  const { t } = useTranslation('finance');
  return (
    <Alert color="orange" title={t('withdraw.kyc.title')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('withdraw.kyc.message')}</Text>
        <ButtonLink to="/user/account-setting" hash="identity-verification" size="sm">
          {t('withdraw.kyc.action')}
        </ButtonLink>
      </Stack>
    </Alert>
  );
}

function KycUnderReview() {
  const { t } = useTranslation('finance');
  return (
    <Alert color="orange" title={t('withdraw.kyc.title')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('withdraw.kyc.pendingReview')}</Text>
        <ButtonLink to="/user/account-setting" hash="identity-verification" size="sm">
          {t('withdraw.kyc.check')}
        </ButtonLink>
      </Stack>
    </Alert>
  );
}

function NoChannel({ kind }: { kind: RequestKind }) {
  const { ns, noChannel } = requestTexts[kind];
  const { t } = useTranslation(ns);
  return (
    <Alert color="gray" title={t(`${noChannel}.title`)}>
      {t(`${noChannel}.message`)}
    </Alert>
  );
}

function RequestInterrupted({ request, kind }: { request: AnyMoneyRequestActor; kind: RequestKind }) {
  const { ns, interrupted } = requestTexts[kind];
  const { t } = useTranslation(ns);
  return (
    <Alert color="orange" title={t(`${interrupted}.title`)} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`${interrupted}.message`)}</Text>
        <Group gap="xs">
          <Button size="sm" onClick={() => request.send({ type: 'request.retry' })}>
            {t(`${interrupted}.retry`)}
          </Button>
          <Button size="sm" variant="default" onClick={() => request.send({ type: 'request.edit' })}>
            {t(`${interrupted}.edit`)}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
