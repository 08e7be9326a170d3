import { selectAccountTransferView } from '@machines/account-transfer.machine';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink } from '@/components/router-links';
import { inspection } from '@/lib/inspector';
import { useAuthDialog, useSignedInUser } from '../session/use-session';
import { accountTransferLogic } from './account-transfer-flow';
import { CardStep } from './card-step';
import { CodeStep } from './code-step';
import { MovedStep } from './moved-step';
import { OldAccountStep } from './old-account-step';
import { ReviewStep } from './review-step';

/**
 * Moving an old-platform account (docs/requirements.md §17). The global and the Japanese entry run
 * the same flow; the Japanese one speaks to members of the former Japanese site. Each links to the
 * other so a member who arrived at the wrong one can switch.
 */
export function AccountTransferPage({ variant }: { variant: 'global' | 'japan' }) {
  const { t } = useTranslation('account-transfer');
  const user = useSignedInUser();
  return (
    <PageFrame title={t(`${variant}.title`)}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Text c="dimmed" style={{ flex: '1 1 20rem' }}>
            {t(`${variant}.intro`)}
          </Text>
          <Text size="sm">
            {variant === 'global' ? (
              <AnchorLink to="/account-transfer-jp">{t('global.toOther')}</AnchorLink>
            ) : (
              <AnchorLink to="/account-transfer">{t('japan.toOther')}</AnchorLink>
            )}
          </Text>
        </Group>
        <Card withBorder radius="md" padding="lg">
          {user ? <TransferFlow /> : <SignInFirst />}
        </Card>
      </Stack>
    </PageFrame>
  );
}

function SignInFirst() {
  const { t } = useTranslation('account-transfer');
  const dialog = useAuthDialog();
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{t('signInFirst')}</Text>
      <Button onClick={() => dialog.show('login')}>{t('signIn')}</Button>
    </Stack>
  );
}

function TransferFlow() {
  const flow = useActorRef(accountTransferLogic, { ...inspection });
  const view = useSelector(flow, selectAccountTransferView);
  const refusal = useSelector(flow, (snapshot) => snapshot.context.refusal);
  const fields = useSelector(flow, (snapshot) => snapshot.context.fields);
  // A refusal on a field is shown on it; one about the whole step above the form.
  const stepRefusal = refusal && !Object.values(fields).includes(refusal) ? refusal : null;
  return (
    <Stack gap="md">
      {stepRefusal && (
        <Alert color="red" role="alert" data-testid="transfer-refusal">
          {stepRefusal}
        </Alert>
      )}
      {view === 'enteringOldAccount' && <OldAccountStep flow={flow} />}
      {view === 'enteringCard' && <CardStep flow={flow} />}
      {view === 'enteringCode' && <CodeStep flow={flow} />}
      {view === 'reviewingBalance' && <ReviewStep flow={flow} />}
      {view === 'moved' && <MovedStep flow={flow} />}
    </Stack>
  );
}
