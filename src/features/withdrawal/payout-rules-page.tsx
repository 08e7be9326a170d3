import { adminPayoutRuleUpdate, type PayoutRule, payoutRuleForm, payoutRuleUnits } from '@contract/withdrawal-risk';
import { Badge, Button, Modal, Skeleton, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useFieldProps } from '@/lib/form-error';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useDeskAllows } from '../admin/desk-access';
import { DeskFormFooter } from '../admin/desk-form';
import { DeskPage, DeskTable } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { LoadFailed } from '../user/account-gates';
import { payoutRulesQueryOptions } from './desk-queries';

/**
 * The payout rules: each flag rule on or off with its threshold, and the four-eyes threshold.
 * Everyone with the money pages reads them; administrators change them, each change with a reason.
 */
export function PayoutRulesPage() {
  const { t } = useTranslation('admin');
  const rules = useQuery(payoutRulesQueryOptions(currentLanguage()));
  const canChange = useDeskAllows(adminPayoutRuleUpdate);
  const [editing, setEditing] = useState<PayoutRule | null>(null);
  const ruleName = (rule: PayoutRule) => t(`payoutRules.names.${rule.rule}`);
  return (
    <DeskPage title={t('payoutRules.title')} description={t('payoutRules.description')}>
      {rules.isError && !rules.data ? (
        <LoadFailed onRetry={() => void rules.refetch()} />
      ) : !rules.data ? (
        <Skeleton h={320} radius="md" />
      ) : (
        <DeskTable
          label={t('payoutRules.title')}
          head={[
            t('payoutRules.rule'),
            t('payoutRules.state'),
            t('payoutRules.threshold'),
            t('payoutRules.updated'),
            ...(canChange ? [t('columns.actions')] : []),
          ]}
          minWidth={900}
        >
          {rules.data.map((rule) => (
            <Table.Tr key={rule.rule} data-rule={rule.rule}>
              <Table.Td maw={420}>
                <Text size="sm" fw={600}>
                  {ruleName(rule)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`payoutRules.hints.${rule.rule}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={rule.enabled ? 'teal' : 'gray'} variant="light">
                  {t(rule.enabled ? 'payoutRules.on' : 'payoutRules.off')}
                </Badge>
              </Table.Td>
              <Table.Td>
                {t(`payoutRules.values.${payoutRuleUnits[rule.rule]}`, { value: formatAmount(rule.threshold) })}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(rule.updatedAt)}</Text>
                <Text size="xs" c="dimmed" data-user-content>
                  {rule.updatedBy?.account ?? t('payoutRules.seeded')}
                </Text>
              </Table.Td>
              {canChange && (
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(rule)}
                    aria-label={t('payoutRules.editFor', { rule: ruleName(rule) })}
                  >
                    {t('payoutRules.edit')}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DeskTable>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('payoutRules.editTitle', { rule: ruleName(editing) }) : ''}
        size={480}
      >
        {editing && <PayoutRuleForm rule={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </DeskPage>
  );
}

function PayoutRuleForm({ rule, onDone }: { rule: PayoutRule; onDone(): void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { enabled: rule.enabled, threshold: String(rule.threshold), reason: '' },
    validate: schemaResolver(payoutRuleForm, { sync: true }),
  });
  const save = useMutation({
    mutationFn: (values: v.InferOutput<typeof payoutRuleForm>) =>
      operatorApi.call(adminPayoutRuleUpdate, { rule: rule.rule, ...values }, { silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deskQueryKey });
      notifySuccess(t('payoutRules.saved', { rule: t(`payoutRules.names.${rule.rule}`) }));
      onDone();
    },
  });
  const field = useFieldProps(form, 'admin');
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(v.parse(payoutRuleForm, values)))}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`payoutRules.hints.${rule.rule}`)}
        </Text>
        <Switch {...form.getInputProps('enabled', { type: 'checkbox' })} label={t('payoutRules.enabled')} />
        <TextInput
          {...field('threshold', t(`payoutRules.units.${payoutRuleUnits[rule.rule]}`))}
          inputMode="numeric"
          maxLength={16}
          autoComplete="off"
          required
        />
        <Textarea {...field('reason', t('payoutRules.reason'))} maxLength={500} rows={3} required />
        <DeskFormFooter
          error={save.error}
          pending={save.isPending}
          submit={t('payoutRules.save')}
          cancel={t('payoutRules.cancel')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
