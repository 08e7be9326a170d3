import { kycPhotosForm } from '@contract/kyc';
import {
  type kycMachine,
  type PhotoSlot,
  photoSlots,
  selectCompressingSlot,
  selectKycRefusals,
  selectKycStage,
  selectRejectReason,
  selectResubmission,
  selectSentPhotos,
} from '@machines/kyc.machine';
import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { useFormError } from '@/lib/form-error';
import { inspection } from '@/lib/inspector';
import { LoadFailed } from '../user/account-gates';
import { useAccountRefresh } from '../user/use-account-refresh';
import { kycLogic } from './kyc-flow';
import { latestKycQueryOptions } from './queries';

type KycActor = ActorRefFrom<typeof kycMachine>;

/** The identity-verification part of the account-setting page, with its flow for the page's lifetime. */
export function IdentityVerificationSection() {
  const queryClient = useQueryClient();
  const refresh = useAccountRefresh();
  const [logic] = useState(() => kycLogic({ queryClient, refresh }));
  const kyc = useActorRef(logic, { ...inspection });
  return <IdentityVerificationView kyc={kyc} />;
}

/** One view per state of the KYC machine. */
export function IdentityVerificationView({ kyc }: { kyc: KycActor }) {
  const { t } = useTranslation('kyc');
  const stage = useSelector(kyc, selectKycStage);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      id="identity-verification"
      component="section"
      aria-labelledby="identity-verification-title"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="identity-verification-title">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
        </Stack>
        {stage === 'loadingStatus' && <Skeleton h={80} />}
        {stage === 'statusUnavailable' && <LoadFailed onRetry={() => kyc.send({ type: 'status.retry' })} />}
        {stage === 'notSubmitted' && <NotSubmittedView kyc={kyc} />}
        {stage === 'editing' && <EditingView kyc={kyc} />}
        {stage === 'uploading' && <UploadingView />}
        {stage === 'pendingReview' && <PendingReviewView />}
        {stage === 'approved' && <ApprovedView />}
        {stage === 'rejected' && <RejectedView kyc={kyc} />}
      </Stack>
    </Card>
  );
}

function NotSubmittedView({ kyc }: { kyc: KycActor }) {
  const { t } = useTranslation('kyc');
  return (
    <Group justify="space-between">
      <Text size="sm">{t('notSubmitted.message')}</Text>
      <Button onClick={() => kyc.send({ type: 'kyc.start' })}>{t('notSubmitted.start')}</Button>
    </Group>
  );
}

/** The photo form; a resubmission keeps the reason for the rejection in view above it. */
function EditingView({ kyc }: { kyc: KycActor }) {
  const { t } = useTranslation('kyc');
  const resubmission = useSelector(kyc, selectResubmission);
  const reason = useSelector(kyc, selectRejectReason);
  return (
    <Stack gap="md">
      {resubmission && (
        <Alert color="red" title={t('rejected.title')}>
          {t('rejected.reason', { reason: reason ?? t('rejected.noReason') })}
        </Alert>
      )}
      <PhotoFormView kyc={kyc} />
    </Stack>
  );
}

function PhotoFormView({ kyc }: { kyc: KycActor }) {
  const { t } = useTranslation('kyc');
  const formError = useFormError('kyc');
  const sent = useSelector(kyc, selectSentPhotos);
  const refusals = useSelector(kyc, selectKycRefusals);
  const compressingSlot = useSelector(kyc, selectCompressingSlot);
  const form = useForm({
    initialValues: sent ?? { front: '', back: '', handheld: '' },
    validate: schemaResolver(kycPhotosForm, { sync: true }),
  });
  const { setErrors, setFieldValue, setFieldError, validateField } = form;
  // The server's sentence shows on its photo until another one is chosen there.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  // The flow compresses each photo chosen; the form keeps the result, or says why there is none.
  useEffect(() => {
    const compressed = kyc.on('photo.compressed', ({ slot, dataUrl }) => {
      setFieldValue(slot, dataUrl);
      validateField(slot);
    });
    const failed = kyc.on('photo.failed', ({ slot, failure }) => {
      setFieldValue(slot, '');
      setFieldError(slot, `photoErrors.${failure}`);
    });
    return () => {
      compressed.unsubscribe();
      failed.unsubscribe();
    };
  }, [kyc, setFieldValue, setFieldError, validateField]);
  const compressing = compressingSlot !== null;

  return (
    <form
      noValidate
      aria-label={t('form.title')}
      onSubmit={form.onSubmit((photos) => kyc.send({ type: 'kyc.submit', ...photos }))}
    >
      <Stack gap="md">
        <Text size="sm">{t('form.instructions')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {photoSlots.map((slot) => (
            <PhotoSlotField
              key={slot}
              slot={slot}
              dataUrl={form.values[slot]}
              compressing={compressingSlot === slot}
              error={formError(form.errors[slot])}
              disabled={compressing}
              onSelect={(file) => {
                form.clearFieldError(slot);
                kyc.send({ type: 'photo.selected', slot, file });
              }}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => kyc.send({ type: 'kyc.cancel' })} disabled={compressing}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={compressing}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One photo of the form: the compressed photo once there is one, the slot's hint before. */
function PhotoSlotField({
  slot,
  dataUrl,
  compressing,
  error,
  disabled,
  onSelect,
}: {
  slot: PhotoSlot;
  dataUrl: string;
  compressing: boolean;
  error: string | undefined;
  disabled: boolean;
  onSelect(file: File): void;
}) {
  const { t } = useTranslation('kyc');
  const label = t(`photos.${slot}`);
  const ready = dataUrl !== '' && !compressing;

  return (
    <Stack gap="xs" align="stretch">
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Card withBorder padding={0} h={140} radius="sm">
        {ready ? (
          <Image src={dataUrl} alt={label} h={140} fit="contain" />
        ) : (
          <Stack h="100%" align="center" justify="center">
            {compressing ? (
              <Loader size="sm" aria-label={t('form.compressing')} />
            ) : (
              <Text size="xs" c="dimmed" ta="center" px="xs">
                {t(`photoHints.${slot}`)}
              </Text>
            )}
          </Stack>
        )}
      </Card>
      <FileButton onChange={(file) => file && onSelect(file)} accept="image/*" disabled={disabled}>
        {(props) => (
          <Button {...props} variant="light" size="xs" aria-label={t('form.choose', { photo: label })}>
            {t(ready ? 'form.replace' : 'form.choosePhoto')}
          </Button>
        )}
      </FileButton>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function UploadingView() {
  const { t } = useTranslation('kyc');
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('uploading')}</Text>
    </Group>
  );
}

function PendingReviewView() {
  const { t } = useTranslation('kyc');
  const latest = useQuery(latestKycQueryOptions());
  const photos = latest.data?.photos;
  return (
    <Stack gap="md">
      <Alert color="yellow" title={t('pendingReview.title')} role="status">
        {t('pendingReview.message')}
      </Alert>
      {photos && (
        <SimpleGrid cols={3}>
          {photoSlots.map((slot) => (
            <Image key={slot} src={photos[slot]} alt={t(`photos.${slot}`)} h={100} fit="contain" radius="sm" />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function ApprovedView() {
  const { t } = useTranslation('kyc');
  return (
    <Alert color="teal" title={t('approved.title')} role="status">
      {t('approved.message')}
    </Alert>
  );
}

function RejectedView({ kyc }: { kyc: KycActor }) {
  const { t } = useTranslation('kyc');
  const reason = useSelector(kyc, selectRejectReason);
  return (
    <Alert color="red" title={t('rejected.title')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('rejected.reason', { reason: reason ?? t('rejected.noReason') })}</Text>
        <Button size="sm" onClick={() => kyc.send({ type: 'kyc.resubmit' })}>
          {t('rejected.resubmit')}
        </Button>
      </Stack>
    </Alert>
  );
}
