import {
  adminOperatorAuthenticatorReset,
  adminOperatorCreate,
  adminOperatorDisable,
  adminOperatorEnable,
  adminOperatorRolesSet,
  type DeskOperator,
  operatorCreateForm,
  operatorRolesForm,
} from '@contract/admin-operators';
import { type OperatorRole, operatorRoles } from '@contract/admin-roles';
import type { DataOf } from '@contract/endpoint';
import { reasonInput } from '@contract/money';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useFieldProps, useFormError } from '@/lib/form-error';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { DeskFormFooter } from './desk-form';
import { DeskList, DeskPage, DeskTable } from './desk-list';
import { operatorApi } from './operator-api';
import { useOperatorSession } from './operator-session';
import { deskQueryKey, operatorsQueryOptions } from './queries';

type IssuedCredentials = DataOf<typeof adminOperatorCreate>;

/** What an administrator is doing to one operator; the page shows one dialog at a time. */
type OperatorDialog =
  | { kind: 'create' }
  | { kind: 'roles' | 'disable' | 'enable' | 'reset'; operator: DeskOperator }
  | { kind: 'issued'; credentials: IssuedCredentials };

/**
 * The desk's operators, for administrators: who they are, what each may do, and the changes an
 * administrator makes (each with a reason the audit log keeps). The server holds the rules (the
 * last administrator, nobody disabling themselves) and says why it refuses.
 */
export function OperatorsPage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OperatorDialog | null>(null);
  const result = useQuery(operatorsQueryOptions(currentLanguage(), page));
  const close = () => setDialog(null);
  return (
    <DeskPage title={t('operators.title')} description={t('operators.description')}>
      <Group>
        <Button onClick={() => setDialog({ kind: 'create' })}>{t('operators.create')}</Button>
      </Group>
      <DeskList result={result} page={page} onPage={setPage} label={t('operators.title')}>
        {(data) => (
          <DeskTable
            label={t('operators.title')}
            head={[
              t('operators.account'),
              t('operators.rolesLabel'),
              t('columns.status'),
              t('columns.registeredAt'),
              t('columns.lastLoginAt'),
              t('columns.actions'),
            ]}
            minWidth={980}
          >
            {data.list.map((operator) => (
              <OperatorRow key={operator.userId} operator={operator} onChange={setDialog} />
            ))}
          </DeskTable>
        )}
      </DeskList>
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={dialog ? dialogTitle(t, dialog) : ''}
        size={dialog?.kind === 'issued' ? 520 : 480}
        closeOnClickOutside={dialog?.kind !== 'issued'}
      >
        {dialog?.kind === 'create' && (
          <CreateOperatorForm onCancel={close} onIssued={(credentials) => setDialog({ kind: 'issued', credentials })} />
        )}
        {dialog?.kind === 'roles' && <RolesForm operator={dialog.operator} onDone={close} />}
        {(dialog?.kind === 'disable' || dialog?.kind === 'enable' || dialog?.kind === 'reset') && (
          <ReasonForm
            kind={dialog.kind}
            operator={dialog.operator}
            onCancel={close}
            onDone={(credentials) => (credentials ? setDialog({ kind: 'issued', credentials }) : close())}
          />
        )}
        {dialog?.kind === 'issued' && <IssuedCredentialsView credentials={dialog.credentials} onDone={close} />}
      </Modal>
    </DeskPage>
  );
}

function dialogTitle(t: (key: string, values?: Record<string, string>) => string, dialog: OperatorDialog): string {
  switch (dialog.kind) {
    case 'create':
      return t('operators.createTitle');
    case 'issued':
      return t('operators.issuedTitle', { account: dialog.credentials.account });
    default:
      return t(`operators.${dialog.kind}Title`, { account: dialog.operator.account });
  }
}

function OperatorRow({ operator, onChange }: { operator: DeskOperator; onChange(dialog: OperatorDialog): void }) {
  const { t } = useTranslation('admin');
  const self = useOperatorSession()?.userId === operator.userId;
  const action = (kind: 'roles' | 'disable' | 'enable' | 'reset') => (
    <Button
      size="xs"
      variant={kind === 'disable' ? 'light' : 'default'}
      color={kind === 'disable' ? 'red' : undefined}
      onClick={() => onChange({ kind, operator })}
      aria-label={`${t(`operators.${kind}`)}: ${operator.account}`}
    >
      {t(`operators.${kind}`)}
    </Button>
  );
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} data-user-content>
              {operator.account}
            </Text>
            {self && (
              <Badge size="xs" variant="outline">
                {t('operators.you')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" data-user-content>
            {operator.email} · #{operator.userId}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {operator.roles.map((role) => (
            <Badge key={role} size="sm" variant="light">
              {t(`roles.${role}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge color={operator.disabled ? 'red' : 'teal'} variant="light">
          {t(operator.disabled ? 'operators.disabled' : 'status.active')}
        </Badge>
      </Table.Td>
      <Table.Td>{formatDateTime(operator.createdAt)}</Table.Td>
      <Table.Td>{operator.lastLoginAt ? formatDateTime(operator.lastLoginAt) : t('operators.neverSignedIn')}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {action('roles')}
          {action('reset')}
          {operator.disabled ? action('enable') : !self && action('disable')}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The roles as checkboxes, each with what it opens. */
function RolePicker<V extends { roles: OperatorRole[] }>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation('admin');
  const formError = useFormError('admin');
  const input = form.getInputProps('roles');
  return (
    <Checkbox.Group
      {...input}
      label={t('operators.rolesLabel')}
      error={formError(input.error, { field: t('operators.rolesLabel') })}
      required
    >
      <Stack gap="xs" mt={6}>
        {operatorRoles.map((role) => (
          <Checkbox key={role} value={role} label={t(`roles.${role}`)} description={t(`operators.roleHints.${role}`)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function useDeskChange<T, R>(call: (values: T) => Promise<R>, onSuccess: (answer: R, values: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer, values) => {
      void queryClient.invalidateQueries({ queryKey: deskQueryKey });
      onSuccess(answer, values);
    },
  });
}

function CreateOperatorForm({ onCancel, onIssued }: { onCancel(): void; onIssued(issued: IssuedCredentials): void }) {
  const { t } = useTranslation('admin');
  const form = useForm<{ account: string; email: string; roles: OperatorRole[] }>({
    initialValues: { account: '', email: '', roles: [] },
    validate: schemaResolver(operatorCreateForm, { sync: true }),
  });
  const create = useDeskChange(
    (values: v.InferOutput<typeof operatorCreateForm>) =>
      operatorApi.call(adminOperatorCreate, values, { silent: true }),
    (issued) => onIssued(issued),
  );
  const field = useFieldProps(form, 'admin');
  return (
    <form noValidate onSubmit={form.onSubmit((values) => create.mutate(v.parse(operatorCreateForm, values)))}>
      <Stack gap="sm">
        <TextInput {...field('account', t('operators.account'))} maxLength={20} autoComplete="off" required />
        <TextInput {...field('email', t('operators.email'))} type="email" maxLength={254} autoComplete="off" required />
        <RolePicker form={form} />
        <DeskFormFooter
          error={create.error}
          pending={create.isPending}
          submit={t('operators.submitCreate')}
          cancel={t('operators.cancel')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function RolesForm({ operator, onDone }: { operator: DeskOperator; onDone(): void }) {
  const { t } = useTranslation('admin');
  const form = useForm<{ roles: OperatorRole[]; reason: string }>({
    initialValues: { roles: [...operator.roles], reason: '' },
    validate: schemaResolver(operatorRolesForm, { sync: true }),
  });
  const save = useDeskChange(
    (values: v.InferOutput<typeof operatorRolesForm>) =>
      operatorApi.call(adminOperatorRolesSet, { userId: operator.userId, ...values }, { silent: true }),
    (_, values) => {
      const roles = new Intl.ListFormat(currentLanguage()).format(values.roles.map((role) => t(`roles.${role}`)));
      notifySuccess(t('operators.rolesSaved', { account: operator.account, roles }));
      onDone();
    },
  );
  const field = useFieldProps(form, 'admin');
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(v.parse(operatorRolesForm, values)))}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('operators.rolesHint')}
        </Text>
        <RolePicker form={form} />
        <Textarea {...field('reason', t('operators.reason'))} maxLength={500} rows={3} required />
        <DeskFormFooter
          error={save.error}
          pending={save.isPending}
          submit={t('operators.saveRoles')}
          cancel={t('operators.cancel')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

const reasonForm = v.object({ reason: reasonInput });

const reasonCalls = {
  disable: adminOperatorDisable,
  enable: adminOperatorEnable,
  reset: adminOperatorAuthenticatorReset,
} as const;

/** Disable, enable or a new authenticator secret: each asks only why. */
function ReasonForm({
  kind,
  operator,
  onCancel,
  onDone,
}: {
  kind: keyof typeof reasonCalls;
  operator: DeskOperator;
  onCancel(): void;
  onDone(issued: IssuedCredentials | null): void;
}) {
  const { t } = useTranslation('admin');
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(reasonForm, { sync: true }) });
  const change = useDeskChange(
    async ({ reason }: v.InferOutput<typeof reasonForm>) => {
      const body = { userId: operator.userId, reason };
      if (kind === 'reset') return operatorApi.call(reasonCalls.reset, body, { silent: true });
      await operatorApi.call(reasonCalls[kind], body, { silent: true });
      return null;
    },
    (issued) => {
      if (!issued) notifySuccess(t(`operators.${kind}Done`, { account: operator.account }));
      onDone(issued);
    },
  );
  const field = useFieldProps(form, 'admin');
  return (
    <form noValidate onSubmit={form.onSubmit((values) => change.mutate(v.parse(reasonForm, values)))}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`operators.${kind}Hint`)}
        </Text>
        <Textarea {...field('reason', t('operators.reason'))} maxLength={500} rows={3} required />
        <DeskFormFooter
          error={change.error}
          pending={change.isPending}
          submit={t(`operators.${kind}`)}
          cancel={t('operators.cancel')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/** The password and the authenticator secret, shown this once; the desk cannot show them again. */
function IssuedCredentialsView({ credentials, onDone }: { credentials: IssuedCredentials; onDone(): void }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="md">
      <Alert color="yellow" title={t('operators.issuedOnceTitle')}>
        {t('operators.issuedOnce')}
      </Alert>
      <Secret label={t('operators.account')} value={credentials.account} />
      {credentials.password && <Secret label={t('operators.password')} value={credentials.password} />}
      <Secret label={t('operators.secret')} value={credentials.totpSecret} />
      <Stack gap={4} align="center">
        <Box role="img" aria-label={t('operators.scan')}>
          <QRCodeSVG value={credentials.totpUrl} size={184} marginSize={2} />
        </Box>
        <Text size="xs" c="dimmed">
          {t('operators.scan')}
        </Text>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('operators.done')}</Button>
      </Group>
    </Stack>
  );
}

function Secret({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code fz="sm" style={{ wordBreak: 'break-all' }} aria-label={label} data-user-content>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label={`${t('operators.copy')}: ${label}`}>
              {copied ? t('operators.copied') : t('operators.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
