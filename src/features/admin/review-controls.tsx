import { adminUserFreeze, receivedAmountForm, reviewApprovalForm, reviewRejectionForm } from '@contract/admin';
import { adminAgentApplicationApprove } from '@contract/agent-desk';
import { adminManualDepositConfirm } from '@contract/deposit-desk';
import type { Endpoint } from '@contract/endpoint';
import { adminGameMachineSetEnabled, adminGameSetEnabled } from '@contract/hall-desk';
import { adminKycApprove } from '@contract/kyc-desk';
import { adminFamilyApprove } from '@contract/protection-desk';
import { adminWithdrawalApprove } from '@contract/withdrawal-desk';
import { type ReviewStage, type reviewMachine, selectReviewStage } from '@machines/review.machine';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type GetInputPropsReturnType, schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { useFormError } from '@/lib/form-error';
import { inspection } from '@/lib/inspector';
import { notifySuccess } from '@/lib/notify';
import { useDeskAllows } from './desk-access';
import { deskQueryKey } from './queries';
import { reviewLogic, type SendDecision } from './review-flow';

type ReviewActor = ActorRefFrom<typeof reviewMachine>;

/** Decisions with an approval (and a rejection), and the account actions, which only take a reason. */
export type ReviewKind =
  | 'kyc'
  | 'withdrawal'
  | 'withdrawalFirst'
  | 'deposit'
  | 'agentApplication'
  | 'familyDeclaration'
  | 'freeze'
  | 'unfreeze'
  | 'disableGame'
  | 'enableGame'
  | 'disableMachine'
  | 'enableMachine';

const reasonOnly: ReadonlySet<ReviewKind> = new Set([
  'freeze',
  'unfreeze',
  'disableGame',
  'enableGame',
  'disableMachine',
  'enableMachine',
]);

/** The call each decision makes: an operator whose roles it refuses is not offered the buttons. */
const decisionCalls: Record<ReviewKind, Endpoint> = {
  kyc: adminKycApprove,
  withdrawal: adminWithdrawalApprove,
  withdrawalFirst: adminWithdrawalApprove,
  deposit: adminManualDepositConfirm,
  agentApplication: adminAgentApplicationApprove,
  familyDeclaration: adminFamilyApprove,
  freeze: adminUserFreeze,
  unfreeze: adminUserFreeze,
  disableGame: adminGameSetEnabled,
  enableGame: adminGameSetEnabled,
  disableMachine: adminGameMachineSetEnabled,
  enableMachine: adminGameMachineSetEnabled,
};

/** Actions that give something back rather than take it away. */
const restoring: ReadonlySet<ReviewKind> = new Set(['unfreeze', 'enableGame', 'enableMachine']);

/** The reason is what the player or the audit log reads; the contract allows 500 characters. */
const reasonMaxLength = 500;

/** A row squeezed by a wide table must not squeeze its buttons' labels out of sight. */
const noShrink = { flexShrink: 0 } as const;

/**
 * The buttons of one decision and its dialog, with the review flow for the row's lifetime.
 * `subject` names the item in the dialog (an account, an order number).
 */
export function ReviewControls({
  kind,
  subject,
  send,
  asksAmount = false,
  amountHint,
  approveMessage,
  canApprove = true,
}: {
  kind: ReviewKind;
  subject: string;
  send: SendDecision;
  asksAmount?: boolean;
  amountHint?: string;
  /** What approving does, when it depends on the item (a crypto payout's address); else the kind's. */
  approveMessage?: string;
  /** False for the operator who gave a payout its first approval: only a different one may give the second. */
  canApprove?: boolean;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    reviewLogic({
      send,
      reviewed: (decision) => {
        notifySuccess(t(`review.${kind}.${decision.outcome === 'approve' ? 'approved' : 'rejected'}`, { subject }));
        void queryClient.invalidateQueries({ queryKey: deskQueryKey });
      },
    }),
  );
  const review = useActorRef(logic, { ...inspection, input: { asksAmount } });
  const stage = useSelector(review, selectReviewStage);
  const open = stage !== 'idle' && stage !== 'done';
  const allowed = useDeskAllows(decisionCalls[kind]);
  if (!allowed) return null;

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {!reasonOnly.has(kind) && canApprove && (
          <Button
            size="xs"
            color="teal"
            style={noShrink}
            disabled={stage === 'done'}
            onClick={() => review.send({ type: 'approve' })}
          >
            {t(`review.${kind}.approve`)}
          </Button>
        )}
        <Button
          size="xs"
          color={restoring.has(kind) ? 'blue' : 'red'}
          variant="light"
          style={noShrink}
          disabled={stage === 'done'}
          onClick={() => review.send({ type: 'reject' })}
        >
          {t(`review.${kind}.reject`)}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => review.send({ type: 'cancel' })}
        title={t(`review.${kind}.${stage === 'confirmingApproval' ? 'approveTitle' : 'rejectTitle'}`, { subject })}
        size={500}
        closeOnClickOutside={stage !== 'submitting'}
        closeOnEscape={stage !== 'submitting'}
        withCloseButton={stage !== 'submitting'}
      >
        <ReviewDialogBody
          stage={stage}
          kind={kind}
          review={review}
          asksAmount={asksAmount}
          amountHint={amountHint}
          approveMessage={approveMessage}
        />
      </Modal>
    </>
  );
}

/** One view per state of the review machine. */
function ReviewDialogBody({
  stage,
  kind,
  review,
  asksAmount,
  amountHint,
  approveMessage,
}: {
  stage: ReviewStage;
  kind: ReviewKind;
  review: ReviewActor;
  asksAmount: boolean;
  amountHint: string | undefined;
  approveMessage: string | undefined;
}) {
  if (stage === 'confirmingApproval')
    return asksAmount ? (
      <AmountApprovalView kind={kind} review={review} amountHint={amountHint} />
    ) : (
      <ApprovalView kind={kind} review={review} message={approveMessage} />
    );
  if (stage === 'writingRejection') return <RejectionView kind={kind} review={review} />;
  if (stage === 'submitting') return <SubmittingView />;
  if (stage === 'failed') return <FailedView review={review} />;
  return null;
}

function DialogButtons({ review, confirmLabel, color }: { review: ReviewActor; confirmLabel: string; color: string }) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={() => review.send({ type: 'cancel' })}>
        {t('review.cancel')}
      </Button>
      <Button type="submit" color={color}>
        {confirmLabel}
      </Button>
    </Group>
  );
}

function RemarkField({ input }: { input: GetInputPropsReturnType }) {
  const { t } = useTranslation('admin');
  const formError = useFormError('admin');
  const label = t('review.remark');
  return (
    <Textarea
      {...input}
      label={label}
      error={formError(input.error, { field: label })}
      maxLength={reasonMaxLength}
      rows={2}
    />
  );
}

function ApprovalView({
  kind,
  review,
  message,
}: {
  kind: ReviewKind;
  review: ReviewActor;
  message?: string | undefined;
}) {
  const { t } = useTranslation('admin');
  const form = useForm({ initialValues: { remark: '' }, validate: schemaResolver(reviewApprovalForm, { sync: true }) });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        review.send({ type: 'approval.submit', ...v.parse(reviewApprovalForm, values), amount: null }),
      )}
    >
      <Stack gap="md">
        <Text size="sm">{message ?? t(`review.${kind}.approveMessage`)}</Text>
        <RemarkField input={form.getInputProps('remark')} />
        <DialogButtons review={review} confirmLabel={t(`review.${kind}.approve`)} color="teal" />
      </Stack>
    </form>
  );
}

/** An approval that states the yen received: blank at first, so nobody confirms a figure they did not type. */
function AmountApprovalView({
  kind,
  review,
  amountHint,
}: {
  kind: ReviewKind;
  review: ReviewActor;
  amountHint: string | undefined;
}) {
  const { t } = useTranslation('admin');
  const formError = useFormError('admin');
  const form = useForm({
    initialValues: { amount: '', remark: '' },
    validate: schemaResolver(receivedAmountForm, { sync: true }),
  });
  const amount = form.getInputProps('amount');
  const label = t('review.amount');
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        review.send({ type: 'approval.submit', ...v.parse(receivedAmountForm, values) }),
      )}
    >
      <Stack gap="md">
        <Text size="sm">{t(`review.${kind}.approveMessage`)}</Text>
        <TextInput
          {...amount}
          label={label}
          description={amountHint}
          error={formError(amount.error, { field: label })}
          inputMode="numeric"
          required
          data-autofocus
        />
        <RemarkField input={form.getInputProps('remark')} />
        <DialogButtons review={review} confirmLabel={t(`review.${kind}.approve`)} color="teal" />
      </Stack>
    </form>
  );
}

function RejectionView({ kind, review }: { kind: ReviewKind; review: ReviewActor }) {
  const { t } = useTranslation('admin');
  const formError = useFormError('admin');
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(reviewRejectionForm, { sync: true }),
  });
  const reason = form.getInputProps('reason');
  const label = t('review.reason');
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        review.send({ type: 'rejection.submit', ...v.parse(reviewRejectionForm, values) }),
      )}
    >
      <Stack gap="md">
        <Text size="sm">{t(`review.${kind}.rejectMessage`)}</Text>
        <Textarea
          {...reason}
          label={label}
          description={t(`review.${kind}.reasonHint`)}
          error={formError(reason.error, { field: label })}
          maxLength={reasonMaxLength}
          rows={4}
          required
          data-autofocus
        />
        <DialogButtons
          review={review}
          confirmLabel={t(`review.${kind}.reject`)}
          color={restoring.has(kind) ? 'blue' : 'red'}
        />
      </Stack>
    </form>
  );
}

function SubmittingView() {
  const { t } = useTranslation('admin');
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('review.submitting')}</Text>
    </Group>
  );
}

function FailedView({ review }: { review: ReviewActor }) {
  const { t } = useTranslation('admin');
  const error = useSelector(review, (snapshot) => snapshot.context.error);
  return (
    <Stack gap="md">
      <Alert color="red" title={t('review.failedTitle')} role="alert">
        {error}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => review.send({ type: 'cancel' })}>
          {t('review.cancel')}
        </Button>
        <Button onClick={() => review.send({ type: 'retry' })}>{t('review.retry')}</Button>
      </Group>
    </Stack>
  );
}
