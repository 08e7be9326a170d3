import { passwordMaxLength } from '@contract/auth';
import {
  type CreateSubordinateStage,
  createSubordinateMachine,
  type SubordinateField,
  selectCreatedSubordinate,
  selectSubordinateMessages,
  selectSubordinateStage,
  selectSubordinateStrength,
  selectSubordinateValues,
} from '@machines/create-subordinate.machine';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { useFieldMessage } from '@/lib/field-message';
import { inspection } from '@/lib/inspector';
import { PasswordStrengthMeter } from '../auth/password-strength-meter';
import { createSubordinate } from './member-queries';

type CreateSubordinateActor = ActorRefFrom<typeof createSubordinateMachine>;

const dialogWidthPx = 500;

function createSubordinateLogic(deps: { onCreated(): void }) {
  return createSubordinateMachine.provide({
    actors: { createSubordinate: fromPromise(({ input }) => createSubordinate(input)) },
    actions: { subordinateCreated: () => deps.onCreated() },
  });
}

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
  const message = useFieldMessage('agent-members');
  const values = useSelector(flow, selectSubordinateValues);
  const messages = useSelector(flow, selectSubordinateMessages);
  const strength = useSelector(flow, selectSubordinateStrength);
  const change = (field: SubordinateField) => (event: { currentTarget: { value: string } }) =>
    flow.send({ type: 'field.changed', field, value: event.currentTarget.value });
  const error = (field: SubordinateField) => {
    const shown = messages[field];
    return message(
      shown && 'key' in shown ? { ...shown, values: { field: t(`create.${field}`), ...shown.values } } : shown,
    );
  };
  return (
    <form
      aria-label={t('create.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        flow.send({ type: 'form.submit' });
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('create.lead')}
        </Text>
        <TextInput
          label={t('create.account')}
          description={t('create.accountHint')}
          value={values.account}
          onChange={change('account')}
          error={error('account')}
          disabled={creating}
          autoComplete="off"
        />
        <Stack gap={6}>
          <PasswordInput
            label={t('create.password')}
            value={values.password}
            onChange={change('password')}
            error={error('password')}
            disabled={creating}
            autoComplete="new-password"
            maxLength={passwordMaxLength}
          />
          <PasswordStrengthMeter strength={strength} />
        </Stack>
        <PasswordInput
          label={t('create.confirmPassword')}
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={error('confirmPassword')}
          disabled={creating}
          autoComplete="new-password"
          maxLength={passwordMaxLength}
        />
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
