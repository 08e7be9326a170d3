import { type BankCard, bankCardForm } from '@contract/bank';
import {
  type bankCardMachine,
  type PlayerNames,
  selectBankCardNames,
  selectBankCardRefusals,
  selectBankCardSaving,
  selectBankCardStage,
  selectUnbindBusy,
  selectUnbindingCard,
} from '@machines/bank-card.machine';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { useFieldProps } from '@/lib/form-error';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { inspection } from '@/lib/inspector';
import { LoadFailed, PersonalInformationRequired } from '../user/account-gates';
import { profileQueryOptions } from '../user/queries';
import { useAccountRefresh } from '../user/use-account-refresh';
import { bankCardLogic } from './bank-card-flow';
import { bankCardsQueryOptions, banksQueryOptions } from './queries';

type BankCardActor = ActorRefFrom<typeof bankCardMachine>;

/** docs/requirements.md §9: dialogs are 500 px wide. */
const dialogWidthPx = 500;

/** The bank-card page: bound cards, binding a new one, unbinding. */
export function BankCardPage() {
  const { t } = useTranslation('finance');
  const profile = useQuery(profileQueryOptions());
  return (
    <PageFrame title={t('account:bankcardSetting.title')} description={t('cards.description')}>
      {profile.isError && !profile.data ? (
        <LoadFailed onRetry={() => void profile.refetch()} />
      ) : profile.data ? (
        <BankCardFlow names={profile.data} />
      ) : (
        <Skeleton h={200} radius="md" />
      )}
    </PageFrame>
  );
}

function BankCardFlow({ names }: { names: PlayerNames }) {
  const refresh = useAccountRefresh();
  const [logic] = useState(() => bankCardLogic({ refresh }));
  const flow = useActorRef(logic, {
    ...inspection,
    input: { names: { firstName: names.firstName, lastName: names.lastName, pinyinName: names.pinyinName } },
  });
  return <BankCardView flow={flow} />;
}

/** The card list with the dialog of the machine's state over it. */
export function BankCardView({ flow }: { flow: BankCardActor }) {
  const { t } = useTranslation('finance');
  const cards = useQuery(bankCardsQueryOptions(currentLanguage()));
  const stage = useSelector(flow, selectBankCardStage);
  const close = () => flow.send({ type: 'form.cancel' });

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => flow.send({ type: 'card.bind' })}>{t('cards.bind')}</Button>
      </Group>
      {cards.isError && !cards.data ? (
        <LoadFailed onRetry={() => void cards.refetch()} />
      ) : !cards.data ? (
        <Skeleton h={120} radius="md" />
      ) : cards.data.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed">{t('cards.none')}</Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {cards.data.map((card) => (
            <BoundCard key={card.id} card={card} onUnbind={() => flow.send({ type: 'card.unbind', card })} />
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={stage === 'needsPersonalInformation'}
        onClose={close}
        size={dialogWidthPx}
        title={t('cards.bindTitle')}
      >
        <PersonalInformationRequired />
      </Modal>
      <Modal opened={stage === 'form'} onClose={close} size={dialogWidthPx} title={t('cards.bindTitle')}>
        <BindCardForm flow={flow} />
      </Modal>
      <Modal
        opened={stage === 'confirmingUnbind'}
        onClose={() => flow.send({ type: 'unbind.cancel' })}
        size={dialogWidthPx}
        title={t('cards.unbindTitle')}
      >
        <UnbindConfirmation flow={flow} />
      </Modal>
    </Stack>
  );
}

function BoundCard({ card, onUnbind }: { card: BankCard; onUnbind(): void }) {
  const { t } = useTranslation('finance');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      aria-label={`${card.bankName} ${card.maskedCardNumber}`}
      component="article"
    >
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>{card.bankName}</Text>
          {card.isDefault && <Badge variant="light">{t('cards.default')}</Badge>}
        </Group>
        <Text ff="monospace" fz="lg">
          {card.maskedCardNumber}
        </Text>
        <Text size="sm" c="dimmed">
          {t('cards.branch', { code: card.branchCode, name: card.branchName })}
        </Text>
        <Text size="sm" data-user-content>
          {card.holderLastName} {card.holderFirstName} ({card.holderPinyinName})
        </Text>
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            {t('cards.boundAt', { time: formatDateTime(card.createdAt) })}
          </Text>
          <Button size="xs" variant="subtle" color="red" onClick={onUnbind}>
            {t('cards.unbind')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

type CardTextField =
  | 'cardNumber'
  | 'branchCode'
  | 'branchName'
  | 'holderFirstName'
  | 'holderLastName'
  | 'holderPinyinName';

function BindCardForm({ flow }: { flow: BankCardActor }) {
  const { t } = useTranslation('finance');
  const banks = useQuery(banksQueryOptions(currentLanguage()));
  const names = useSelector(flow, selectBankCardNames);
  const refusals = useSelector(flow, selectBankCardRefusals);
  const saving = useSelector(flow, selectBankCardSaving);
  const [schema] = useState(() => bankCardForm(names));
  const form = useForm({
    initialValues: {
      bankCode: null as string | null,
      cardNumber: '',
      branchCode: '',
      branchName: '',
      holderFirstName: names.firstName ?? '',
      holderLastName: names.lastName ?? '',
      holderPinyinName: names.pinyinName ?? '',
      isDefault: false,
    },
    validate: schemaResolver(schema, { sync: true }),
    // The body to send is the schema's output: the number in plain digits, the names trimmed.
    transformValues: (values) => v.parse(schema, values),
  });
  const { setErrors } = form;
  // The server's sentence shows on its field until the player changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  const fieldProps = useFieldProps(form, 'finance');
  const field = (name: 'bankCode' | CardTextField) => ({
    ...fieldProps(name, t(`cards.fields.${name}`)),
    disabled: saving,
  });
  const text = (name: CardTextField, extra: { maxLength: number; inputMode?: 'numeric' }) => (
    <TextInput {...field(name)} autoComplete="off" {...extra} />
  );

  return (
    <form
      noValidate
      aria-label={t('cards.bindTitle')}
      onSubmit={form.onSubmit((card) => flow.send({ type: 'form.submit', ...card }))}
    >
      <Stack gap="sm">
        <Select
          {...field('bankCode')}
          data={(banks.data ?? []).map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.code})` }))}
          searchable
          nothingFoundMessage={t('cards.noBank')}
        />
        {text('cardNumber', { maxLength: 23, inputMode: 'numeric' })}
        <Group grow align="flex-start">
          {text('branchCode', { maxLength: 10, inputMode: 'numeric' })}
          {text('branchName', { maxLength: 60 })}
        </Group>
        <Text size="xs" c="dimmed">
          {t('cards.holderHint')}
        </Text>
        <Group grow align="flex-start">
          {text('holderLastName', { maxLength: 50 })}
          {text('holderFirstName', { maxLength: 50 })}
        </Group>
        {text('holderPinyinName', { maxLength: 100 })}
        <Checkbox
          {...form.getInputProps('isDefault', { type: 'checkbox' })}
          label={t('cards.fields.isDefault')}
          disabled={saving}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => flow.send({ type: 'form.cancel' })} disabled={saving}>
            {t('cards.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('cards.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function UnbindConfirmation({ flow }: { flow: BankCardActor }) {
  const { t } = useTranslation('finance');
  const card = useSelector(flow, selectUnbindingCard);
  const busy = useSelector(flow, selectUnbindBusy);
  return (
    <Stack gap="md">
      <Text>{t('cards.unbindConfirm', { bank: card?.bankName ?? '', number: card?.maskedCardNumber ?? '' })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => flow.send({ type: 'unbind.cancel' })} disabled={busy}>
          {t('cards.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={() => flow.send({ type: 'unbind.confirm' })}>
          {t('cards.unbind')}
        </Button>
      </Group>
    </Stack>
  );
}
