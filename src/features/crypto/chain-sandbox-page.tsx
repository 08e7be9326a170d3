import { chainMineBody, chainSandboxPath, chainSendBody, chainTransaction } from '@contract/crypto';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { PageFrame } from '@/components/page-frame';

/* The chain sandbox plays the chain outside production (docs/requirements.md §16.7); it answers plain JSON. */

const sandboxState = v.object({
  heights: v.record(v.string(), v.number()),
  transactions: v.array(chainTransaction),
});

async function sandboxCall<S extends v.GenericSchema>(schema: S, path: string, body?: unknown) {
  const response = await fetch(`${chainSandboxPath}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error((answer as { error?: string } | null)?.error ?? `HTTP ${response.status}`);
  return v.parse(schema, answer);
}

const sandboxQueryKey = ['chain-sandbox'] as const;

/** Sends a simulated deposit to any address and adds blocks, so a person can try the crypto flow. */
export function ChainSandboxPage() {
  const { t } = useTranslation('crypto');
  const state = useQuery({
    queryKey: sandboxQueryKey,
    queryFn: () => sandboxCall(sandboxState, ''),
    refetchInterval: 5_000,
    retry: false,
  });
  let body: React.ReactNode;
  if (state.isError && !state.data)
    body = (
      <Alert color="gray" title={t('sandbox.unavailable.title')}>
        {t('sandbox.unavailable.message')}
      </Alert>
    );
  else if (!state.data) body = <Skeleton h={320} radius="md" />;
  else
    body = (
      <>
        <SendForm networks={Object.keys(state.data.heights)} />
        <MineForm heights={state.data.heights} />
        <RecentTransactions transactions={state.data.transactions} />
      </>
    );
  return (
    <PageFrame title={t('sandbox.title')} description={t('sandbox.lead')}>
      {body}
    </PageFrame>
  );
}

function SendForm({ networks }: { networks: string[] }) {
  const { t } = useTranslation('crypto');
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { network: networks[0] ?? 'TRC20', coin: 'USDT', address: '', amount: '' },
    validate: schemaResolver(chainSendBody, { sync: true }),
  });
  const send = useMutation({
    mutationFn: (values: v.InferOutput<typeof chainSendBody>) =>
      sandboxCall(chainTransaction, '/send', { ...values, address: values.address.trim() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sandboxQueryKey }),
  });
  const message = (error: unknown) => (typeof error === 'string' ? t(error) : undefined);
  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate aria-label={t('sandbox.send')} onSubmit={form.onSubmit((values) => send.mutate(values))}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('sandbox.send')}
          </Title>
          <Group grow align="flex-start">
            <Select
              label={t('sandbox.network')}
              data={networks}
              allowDeselect={false}
              key={form.key('network')}
              {...form.getInputProps('network')}
            />
            <TextInput label={t('sandbox.coin')} key={form.key('coin')} {...form.getInputProps('coin')} />
          </Group>
          <TextInput
            label={t('fields.address')}
            ff="monospace"
            key={form.key('address')}
            {...form.getInputProps('address')}
            error={message(form.errors.address)}
          />
          <TextInput
            label={t('sandbox.amount')}
            inputMode="numeric"
            key={form.key('amount')}
            {...form.getInputProps('amount')}
            error={message(form.errors.amount)}
          />
          {send.isError && (
            <Alert color="red" role="alert">
              {send.error.message}
            </Alert>
          )}
          {send.data && (
            <Text size="sm" role="status" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {t('sandbox.sent', { txHash: send.data.txHash })}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={send.isPending}>
              {t('sandbox.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function MineForm({ heights }: { heights: Record<string, number> }) {
  const { t } = useTranslation('crypto');
  const queryClient = useQueryClient();
  const networks = Object.keys(heights);
  const form = useForm({
    initialValues: { network: networks[0] ?? 'TRC20', blocks: 20 as number | string },
    validate: schemaResolver(chainMineBody, { sync: true }),
    transformValues: (values) => v.parse(chainMineBody, values),
  });
  const mine = useMutation({
    mutationFn: (values: v.InferOutput<typeof chainMineBody>) =>
      sandboxCall(v.object({ heights: v.record(v.string(), v.number()) }), '/mine', values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sandboxQueryKey }),
  });
  const message = (error: unknown) => (typeof error === 'string' ? t(error) : undefined);
  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate aria-label={t('sandbox.mine')} onSubmit={form.onSubmit((values) => mine.mutate(values))}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('sandbox.mine')}
          </Title>
          <Group align="flex-start">
            <Select
              label={t('sandbox.network')}
              data={networks.map((each) => ({ value: each, label: `${each} (${heights[each]})` }))}
              {...form.getInputProps('network')}
              allowDeselect={false}
            />
            <NumberInput
              label={t('sandbox.blocks')}
              min={1}
              max={1000}
              allowDecimal={false}
              {...form.getInputProps('blocks')}
              error={message(form.errors.blocks)}
            />
          </Group>
          <Group>
            <Button type="submit" loading={mine.isPending}>
              {t('sandbox.mine')}
            </Button>
          </Group>
          {mine.isSuccess && (
            <Text size="sm" role="status">
              {t('sandbox.mined', { network: mine.variables.network })}
            </Text>
          )}
          {mine.isError && (
            <Alert color="red" role="alert">
              {mine.error.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function RecentTransactions({ transactions }: { transactions: v.InferOutput<typeof chainTransaction>[] }) {
  const { t } = useTranslation('crypto');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('sandbox.recent')}
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={t('sandbox.recent')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.txHash')}</Table.Th>
                <Table.Th>{t('fields.pair')}</Table.Th>
                <Table.Th>{t('fields.address')}</Table.Th>
                <Table.Th>{t('sandbox.amount')}</Table.Th>
                <Table.Th>{t('fields.confirmations')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {transactions.map((transaction) => (
                <Table.Tr key={`${transaction.txHash}-${transaction.outputIndex}`}>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {transaction.txHash}
                  </Table.Td>
                  <Table.Td>{`${transaction.coin} · ${transaction.network}`}</Table.Td>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {transaction.address}
                  </Table.Td>
                  <Table.Td>{transaction.amount}</Table.Td>
                  <Table.Td>
                    {transaction.dropped ? t('depositStatus.dropped') : String(transaction.confirmations)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
