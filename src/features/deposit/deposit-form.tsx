import { depositOrderForm, type PayChannel } from '@contract/deposit';
import { type DepositQuote, depositQuote, type depositRequest, selectDepositChannels } from '@machines/deposit.machine';
import {
  selectRequestCards,
  selectRequestRefusals,
  selectRequestSending,
  selectRequestSent,
  startingCardId,
} from '@machines/money-request.machine';
import { Alert, Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { ExchangeRatios } from '@/components/exchange-ratios';
import { useFormError } from '@/lib/form-error';
import { formatAmount } from '@/lib/format';

type DepositRequestActor = ActorRefFrom<typeof depositRequest>;

/** The ratio, and the ten-minute promise only where it holds: automatic channels (a bank transfer waits for an operator). */
function DepositNotices({ automatic }: { automatic: boolean }) {
  const { t } = useTranslation('finance');
  return (
    <Alert color="blue" variant="light" title={t('deposit.noticeTitle')}>
      <Stack gap={4}>
        <ExchangeRatios size="sm" fw={700} />
        {automatic && <Text size="sm">{t('home:exchange.depositTip')}</Text>}
      </Stack>
    </Alert>
  );
}

export function DepositForm({ request }: { request: DepositRequestActor }) {
  const { t } = useTranslation('finance');
  const formError = useFormError('finance');
  const { form, channels, cards, busy } = useDepositForm(request);
  const channel = channels.find((item) => item.id === form.values.channelId) ?? null;
  const quote = depositQuote(form.values.amount, channel);
  const limits = { min: channel?.minAmount ?? 0, max: channel?.maxAmount ?? 0 };

  return (
    <Stack gap="lg">
      <DepositNotices automatic={channel?.mode === 'automatic'} />
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          aria-label={t('deposit.formTitle')}
          onSubmit={form.onSubmit((body) => request.send({ type: 'form.submit', body }))}
        >
          <Stack gap="md">
            <ChannelChoice form={form} channels={channels} channel={channel} busy={busy} />
            <TextInput
              label={t('deposit.fields.amount')}
              inputMode="numeric"
              {...form.getInputProps('amount')}
              error={formError(form.errors.amount, limits)}
              disabled={busy}
              rightSection={<Text size="sm">{t('units.yen')}</Text>}
              rightSectionWidth={48}
              maxLength={12}
            />
            {channel && channel.presetAmounts.length > 0 && (
              <PresetAmounts form={form} amounts={channel.presetAmounts} busy={busy} />
            )}
            <QuoteCard quote={quote} />
            <Select
              label={t('deposit.fields.bankCard')}
              description={t('deposit.bankCardHint')}
              data={cards.map((card) => ({
                value: String(card.id),
                label: `${card.bankName} ${card.maskedCardNumber}`,
              }))}
              {...form.getInputProps('bankCardId')}
              error={formError(form.errors.bankCardId) ?? formError(form.errors.channelId)}
              disabled={busy}
              allowDeselect={false}
            />
            <Button type="submit" loading={busy} size="md">
              {t('deposit.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

/** The form on the contract's rules for the open channels and the player's cards, with the server's refusals on its fields. */
function useDepositForm(request: DepositRequestActor) {
  const channels = useSelector(request, selectDepositChannels);
  const cards = useSelector(request, selectRequestCards);
  const sent = useSelector(request, selectRequestSent);
  const refusals = useSelector(request, selectRequestRefusals);
  const busy = useSelector(request, selectRequestSending);
  const schema = useMemo(
    () =>
      depositOrderForm(
        channels,
        cards.map((card) => card.id),
      ),
    [channels, cards],
  );
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  // After an interruption the form starts from what was sent; a new deposit from the first channel and the default card.
  const cardId = sent?.bankCardId ?? startingCardId(cards);
  const form = useForm({
    initialValues: {
      channelId: sent?.channelId ?? channels[0]?.id ?? '',
      amount: sent ? String(sent.amount) : '',
      bankCardId: cardId === null ? null : String(cardId),
    },
    validate,
    transformValues: (values) => v.parse(schema, values),
  });
  const { setErrors } = form;
  // The server's sentence shows on its field until the player changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  return { form, channels, cards, busy };
}

type DepositFormState = ReturnType<typeof useDepositForm>['form'];

/** The channels side by side, and how the chosen one pays and within which amounts. */
function ChannelChoice({
  form,
  channels,
  channel,
  busy,
}: {
  form: DepositFormState;
  channels: PayChannel[];
  channel: PayChannel | null;
  busy: boolean;
}) {
  const { t } = useTranslation('finance');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="deposit-channel-label">
        {t('deposit.fields.channel')}
      </Text>
      <SegmentedControl
        aria-labelledby="deposit-channel-label"
        data={channels.map((item) => ({ value: item.id, label: item.name }))}
        {...form.getInputProps('channelId')}
        disabled={busy}
        fullWidth
      />
      {channel && (
        <Text size="xs" c="dimmed">
          {t(`deposit.mode.${channel.mode}`)}{' '}
          {t('deposit.limits', { min: formatAmount(channel.minAmount), max: formatAmount(channel.maxAmount) })}
        </Text>
      )}
    </Stack>
  );
}

/** The channel's usual amounts, one press each; the one typed is marked. */
function PresetAmounts({ form, amounts, busy }: { form: DepositFormState; amounts: number[]; busy: boolean }) {
  const { t } = useTranslation('finance');
  return (
    <Group gap="xs" aria-label={t('deposit.presets')} role="group">
      {amounts.map((amount) => (
        <Button
          key={amount}
          size="xs"
          variant={form.values.amount === String(amount) ? 'filled' : 'light'}
          onClick={() => form.setFieldValue('amount', String(amount))}
          disabled={busy}
        >
          {t('units.yenAmount', { amount: formatAmount(amount) })}
        </Button>
      ))}
    </Group>
  );
}

/** What the typed amount buys: the coins, the fee when there is one, and what is credited. */
function QuoteCard({ quote }: { quote: DepositQuote | null }) {
  const { t } = useTranslation('finance');
  return (
    <Card bg="gray.0" padding="sm" radius="sm" aria-live="polite">
      {quote ? (
        <Stack gap={2}>
          <Text size="sm">
            {t('deposit.quote.coins', { amount: formatAmount(quote.amount), coins: formatAmount(quote.coins) })}
          </Text>
          {quote.fee > 0 && <Text size="sm">{t('deposit.quote.fee', { fee: formatAmount(quote.fee) })}</Text>}
          <Text fw={700} data-testid="deposit-credited">
            {t('deposit.quote.credited', { coins: formatAmount(quote.credited) })}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('deposit.quote.empty')}
        </Text>
      )}
    </Card>
  );
}
