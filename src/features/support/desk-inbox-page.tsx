import {
  adminSupportMessageList,
  adminSupportMessageOpen,
  adminSupportMessageReply,
  type DeskSupportMessage,
  supportReplyForm,
} from '@contract/support';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/lib/api-client';
import { useFormError } from '@/lib/form-error';
import { formatDateTime } from '@/lib/format';
import { DeskList, DeskPage, DeskTable } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { deskPageSize } from '../admin/queue-search';
import { LoadFailed } from '../user/account-gates';

const inboxKey = [...deskQueryKey, 'support-inbox'];

/** The contact messages (docs/requirements.md §15.4): newest first; opening one shows it and its reply. */
export function SupportInboxPage() {
  const { t } = useTranslation('support');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number | null>(null);
  const messages = useQuery({
    queryKey: [...inboxKey, page],
    queryFn: () => operatorApi.call(adminSupportMessageList, { pageNum: page, pageSize: deskPageSize }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <DeskPage title={t('desk.inboxTitle')} description={t('desk.inboxDescription')}>
      <DeskList result={messages} page={page} onPage={setPage} label={t('desk.inboxTitle')}>
        {(data) => (
          <DeskTable
            label={t('desk.inboxTitle')}
            head={[
              t('desk.columns.sentAt'),
              t('desk.columns.from'),
              t('desk.columns.subject'),
              t('desk.columns.state'),
            ]}
          >
            {data.list.map((message) => (
              <MessageRow key={message.id} message={message} onOpen={() => setOpened(message.id)} />
            ))}
          </DeskTable>
        )}
      </DeskList>
      {opened !== null && <MessageDialog messageId={opened} onClose={() => setOpened(null)} />}
    </DeskPage>
  );
}

function MessageRow({ message, onOpen }: { message: DeskSupportMessage; onOpen(): void }) {
  const { t } = useTranslation('support');
  const state = message.repliedAt ? 'replied' : message.read ? 'read' : 'unread';
  return (
    <Table.Tr data-message-id={message.id}>
      <Table.Td>{formatDateTime(message.sentAt)}</Table.Td>
      <Table.Td>
        <span data-user-content>{message.account ?? message.name}</span>
        {message.account ? null : ` (${t('desk.visitor')})`}
      </Table.Td>
      <Table.Td>
        <UnstyledButton onClick={onOpen} c="blue" fw={message.read ? 400 : 700} data-user-content>
          {message.subject}
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <Badge color={state === 'replied' ? 'teal' : state === 'unread' ? 'yellow' : 'gray'} variant="light">
          {t(`desk.state.${state}`)}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

function MessageDialog({ messageId, onClose }: { messageId: number; onClose(): void }) {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const messageKey = [...deskQueryKey, 'support-message', messageId];
  const message = useQuery({
    queryKey: messageKey,
    queryFn: async () => {
      const opened = await operatorApi.call(adminSupportMessageOpen, { messageId });
      // Opening marks it read: the list shows that at once.
      void queryClient.invalidateQueries({ queryKey: inboxKey });
      return opened;
    },
    staleTime: 0,
  });
  const data = message.data;
  return (
    <Modal opened onClose={onClose} size="lg" title={data?.subject ?? t('desk.message')}>
      {message.isPending && <Skeleton height={160} />}
      {message.isError && <LoadFailed onRetry={() => void message.refetch()} />}
      {data && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('desk.fromLine', {
              from: data.account ?? `${data.name} <${data.email ?? ''}> (${t('desk.visitor')})`,
              at: formatDateTime(data.sentAt),
            })}
          </Text>
          <Paper withBorder p="sm" radius="sm">
            <Text style={{ whiteSpace: 'pre-line' }} data-user-content>
              {data.message}
            </Text>
          </Paper>
          {data.reply !== null ? (
            <Alert
              color="teal"
              title={t('desk.repliedBy', { operator: data.repliedBy ?? '', at: formatDateTime(data.repliedAt ?? '') })}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {data.reply}
              </Text>
            </Alert>
          ) : (
            <ReplyForm messageId={messageId} messageKey={messageKey} byLetter={Boolean(data.account)} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The operator's answer: a letter to a player's account, a mail to a visitor. */
function ReplyForm({
  messageId,
  messageKey,
  byLetter,
}: {
  messageId: number;
  messageKey: readonly unknown[];
  byLetter: boolean;
}) {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const formError = useFormError('support');
  const form = useForm({ initialValues: { reply: '' }, validate: schemaResolver(supportReplyForm, { sync: true }) });
  const send = useMutation({
    mutationFn: ({ reply }: { reply: string }) =>
      operatorApi.call(adminSupportMessageReply, { messageId, reply }, { silent: true }),
    // The dialog then shows the message as answered, and the list its new state.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKey }),
        queryClient.invalidateQueries({ queryKey: inboxKey }),
      ]),
    onError: (error) => {
      if (error instanceof ApiCallError) form.setErrors(error.fields);
    },
  });
  const refusedFields = send.error instanceof ApiCallError ? Object.keys(send.error.fields) : [];
  const replyInput = form.getInputProps('reply');
  return (
    <form onSubmit={form.onSubmit((values) => send.mutate(values))}>
      <Stack gap="sm">
        <Textarea
          label={t('desk.reply')}
          description={t(byLetter ? 'desk.replyByLetter' : 'desk.replyByMail')}
          autosize
          minRows={4}
          required
          {...replyInput}
          error={formError(replyInput.error, { field: t('desk.reply') })}
        />
        {send.error && refusedFields.length === 0 && (
          <Alert color="red" role="alert">
            {send.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            {t('desk.sendReply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
