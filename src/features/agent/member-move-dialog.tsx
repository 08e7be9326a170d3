import { memberMoveForm } from '@contract/agent';
import {
  type MemberMoveInput,
  type MemberMoveStage,
  type memberMoveMachine,
  selectMoveAmount,
  selectMoveBalances,
  selectMoveDirection,
  selectMoveLimit,
  selectMoveMember,
  selectMoveRefusal,
  selectMoveStage,
} from '@machines/member-move.machine';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { useFormError } from '@/lib/form-error';
import { formatAmount } from '@/lib/format';
import { inspection } from '@/lib/inspector';
import { memberMoveLogic } from './member-move-flow';

type MemberMoveActor = ActorRefFrom<typeof memberMoveMachine>;

const dialogWidthPx = 500;

/** The transfer or decrease dialog for one member; the machine lives as long as the dialog is open. */
export function MemberMoveDialog(props: MemberMoveInput & { onClose(): void; onBalancesChanged(): void }) {
  const { t } = useTranslation('agent-members');
  const [logic] = useState(() =>
    memberMoveLogic({ direction: props.direction, onBalancesChanged: props.onBalancesChanged }),
  );
  const flow = useActorRef(logic, {
    ...inspection,
    input: { direction: props.direction, member: props.member, agentBalance: props.agentBalance },
  });
  const stage = useSelector(flow, selectMoveStage);
  const busy = stage === 'submitting';
  return (
    <Modal
      opened
      onClose={props.onClose}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      size={dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('close') }}
      title={t(`move.${props.direction}.title`, { account: props.member.account })}
    >
      <MemberMoveView flow={flow} stage={stage} onClose={props.onClose} />
    </Modal>
  );
}

/** One view per state of the move machine. */
function MemberMoveView(props: { flow: MemberMoveActor; stage: MemberMoveStage; onClose(): void }) {
  switch (props.stage) {
    case 'editing':
      return <MoveAmountForm flow={props.flow} />;
    case 'confirming':
    case 'submitting':
      return <MoveConfirmation flow={props.flow} submitting={props.stage === 'submitting'} />;
    case 'interrupted':
      return <MoveInterrupted flow={props.flow} />;
    case 'refused':
      return <MoveRefused flow={props.flow} />;
    case 'done':
      return <MoveDone flow={props.flow} onClose={props.onClose} />;
  }
}

function MoveAmountForm({ flow }: { flow: MemberMoveActor }) {
  const { t } = useTranslation('agent-members');
  const formError = useFormError('agent-members');
  const reviewed = useSelector(flow, selectMoveAmount);
  const direction = useSelector(flow, selectMoveDirection);
  const member = useSelector(flow, selectMoveMember);
  const limit = useSelector(flow, selectMoveLimit);
  const [schema] = useState(() =>
    memberMoveForm(limit, direction === 'transfer' ? 'validation.amountOverBalance' : 'validation.amountOverTakeable'),
  );
  // Back from the confirmation or a failed move, the form starts from the amount last reviewed.
  const form = useForm({
    initialValues: { amount: reviewed === null ? '' : String(reviewed) },
    validate: schemaResolver(schema, { sync: true }),
    transformValues: (values) => v.parse(schema, values),
  });
  return (
    <form
      aria-label={t('move.amountForm')}
      noValidate
      onSubmit={form.onSubmit(({ amount }) => flow.send({ type: 'move.review', amount }))}
    >
      <Stack gap="md">
        <BalancesTable flow={flow} withAfter={false} />
        {direction === 'decrease' && (
          <Text size="sm" data-testid="move-takeable">
            {t('move.decrease.takeable', { amount: formatAmount(limit), account: member.account })}
          </Text>
        )}
        <TextInput
          label={t('move.amount')}
          inputMode="numeric"
          {...form.getInputProps('amount')}
          error={formError(form.errors.amount, { field: t('move.amount'), balance: formatAmount(limit) })}
          autoComplete="off"
        />
        <Button type="submit" fullWidth>
          {t('move.review')}
        </Button>
      </Stack>
    </form>
  );
}

/** Both balances now and, unless only the form is shown, after the move. */
function BalancesTable({ flow, withAfter }: { flow: MemberMoveActor; withAfter: boolean }) {
  const { t } = useTranslation('agent-members');
  const balances = useSelector(flow, selectMoveBalances);
  const member = useSelector(flow, selectMoveMember);
  const coins = (amount: number) => t('coins', { amount: formatAmount(amount) });
  const rows: [string, string, number, number][] = [
    ['agent', t('move.yourBalance'), balances.before.agent, balances.after.agent],
    ['member', t('move.memberBalance', { account: member.account }), balances.before.member, balances.after.member],
  ];
  return (
    <Table aria-label={t('move.balances')} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>{t('move.before')}</Table.Th>
          {withAfter && <Table.Th>{t('move.after')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([key, label, before, after]) => (
          <Table.Tr key={key} data-testid={`balance-${key}`}>
            <Table.Th scope="row" fw={500}>
              {label}
            </Table.Th>
            <Table.Td>{coins(before)}</Table.Td>
            {withAfter && <Table.Td fw={700}>{coins(after)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function MoveConfirmation({ flow, submitting }: { flow: MemberMoveActor; submitting: boolean }) {
  const { t } = useTranslation('agent-members');
  const direction = useSelector(flow, selectMoveDirection);
  const member = useSelector(flow, selectMoveMember);
  const { amount } = useSelector(flow, selectMoveBalances);
  return (
    <Stack gap="md">
      <Text fw={500}>{t(`move.${direction}.question`, { amount: formatAmount(amount), account: member.account })}</Text>
      <BalancesTable flow={flow} withAfter />
      <Group justify="flex-end">
        <Button variant="default" disabled={submitting} onClick={() => flow.send({ type: 'move.back' })}>
          {t('move.back')}
        </Button>
        <Button loading={submitting} onClick={() => flow.send({ type: 'move.confirm' })}>
          {t('move.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function MoveInterrupted({ flow }: { flow: MemberMoveActor }) {
  const { t } = useTranslation('agent-members');
  return (
    <Stack gap="md">
      <Alert color="orange" title={t('move.interrupted.title')} role="alert">
        {t('move.interrupted.message')}
      </Alert>
      <BalancesTable flow={flow} withAfter />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => flow.send({ type: 'move.edit' })}>
          {t('move.edit')}
        </Button>
        <Button onClick={() => flow.send({ type: 'move.retry' })}>{t('move.interrupted.retry')}</Button>
      </Group>
    </Stack>
  );
}

function MoveRefused({ flow }: { flow: MemberMoveActor }) {
  const { t } = useTranslation('agent-members');
  const refusal = useSelector(flow, selectMoveRefusal);
  return (
    <Stack gap="md">
      <Alert color="red" title={t('move.refused')} role="alert">
        {refusal}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => flow.send({ type: 'move.edit' })}>
          {t('move.edit')}
        </Button>
      </Group>
    </Stack>
  );
}

function MoveDone({ flow, onClose }: { flow: MemberMoveActor; onClose(): void }) {
  const { t } = useTranslation('agent-members');
  const direction = useSelector(flow, selectMoveDirection);
  return (
    <Stack gap="md">
      <Alert color="teal" title={t(`move.${direction}.done`)} role="status">
        {t('move.doneMessage')}
      </Alert>
      <BalancesTable flow={flow} withAfter />
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('close')}</Button>
      </Group>
    </Stack>
  );
}
