import { teamMemberForm } from '@contract/agent';
import { passwordMaxLength, passwordMinLength } from '@contract/auth';
import {
  type CreateSubordinateStage,
  type createSubordinateMachine,
  selectCreatedSubordinate,
  selectSubordinateRefusals,
  selectSubordinateStage,
} from '@machines/create-subordinate.machine';
import { passwordStrength } from '@machines/password-strength';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { useFormError } from '@/lib/form-error';
import { inspection } from '@/lib/inspector';
import { PasswordStrengthMeter } from '../auth/password-strength-meter';
import { createSubordinateLogic } from './subordinate-create-flow';

type CreateSubordinateActor = ActorRefFrom<typeof createSubordinateMachine>;

const dialogWidthPx = 500;

/** The create-subordinate dialog; the machine lives as long as the dialog is open. */
export function SubordinateCreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const { t } = useTranslation('agent-members');
  const [logic] = useState(() => createSubordinateLogic({ onCreated }));
  const flow = useActorRef(logic, { ...inspection });
  const stage = useSelector(flow, selectSubordinateStage);
  return (
    <Modal
      opened
      onClose={onClose}
      size={dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('close') }}
      title={t('create.title')}
    >
      <SubordinateCreateView flow={flow} stage={stage} onClose={onClose} />
    </Modal>
  );
}

/** One view per state: the form while editing or creating, the new account once created. */
function SubordinateCreateView(props: {
  flow: CreateSubordinateActor;
  stage: CreateSubordinateStage;
  onClose(): void;
}) {
  if (props.stage === 'created') return <SubordinateCreated flow={props.flow} onClose={props.onClose} />;
  return <SubordinateForm flow={props.flow} creating={props.stage === 'creating'} />;
}

function SubordinateForm({ flow, creating }: { flow: CreateSubordinateActor; creating: boolean }) {
  const { t } = useTranslation('agent-members');
  const formError = useFormError('agent-members');
  const refusals = useSelector(flow, selectSubordinateRefusals);
  const form = useForm({
    initialValues: { account: '', password: '', confirmPassword: '' },
    validate: schemaResolver(teamMemberForm, { sync: true }),
  });
  const { setErrors } = form;
  // The server's sentence shows on its field until the agent changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  const field = (name: 'account' | 'password' | 'confirmPassword') => {
    const input = form.getInputProps(name);
    const label = t(`create.${name}`);
    const error = formError(input.error, { field: label, min: passwordMinLength, max: passwordMaxLength });
    return { ...input, label, error, disabled: creating };
  };
  return (
    <form
      aria-label={t('create.title')}
      noValidate
      onSubmit={form.onSubmit(({ account, password }) => flow.send({ type: 'form.submit', account, password }))}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('create.lead')}
        </Text>
        <TextInput {...field('account')} description={t('create.accountHint')} autoComplete="off" />
        <Stack gap={6}>
          <PasswordInput {...field('password')} autoComplete="new-password" maxLength={passwordMaxLength} />
          <PasswordStrengthMeter strength={passwordStrength(form.values.password)} />
        </Stack>
        <PasswordInput {...field('confirmPassword')} autoComplete="new-password" maxLength={passwordMaxLength} />
        <Button type="submit" loading={creating} fullWidth>
          {t('create.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function SubordinateCreated({ flow, onClose }: { flow: CreateSubordinateActor; onClose(): void }) {
  const { t } = useTranslation('agent-members');
  const created = useSelector(flow, selectCreatedSubordinate);
  return (
    <Stack gap="md">
      <Alert color="teal" title={t('create.done.title')} role="status">
        {t('create.done.message', { account: created?.account ?? '' })}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => flow.send({ type: 'form.again' })}>
          {t('create.done.again')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
      </Group>
    </Stack>
  );
}
