import { Button, Card, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../user/account-gates';
import { agentCodeQueryOptions } from './application-queries';

/**
 * The agent's code and invitation link (docs/requirements.md §12.3): the link opens registration
 * with the code filled in; its QR code lets a player open it from a phone.
 */
export function AgentInvitationCard() {
  const { t } = useTranslation('agent');
  const invitation = useQuery(agentCodeQueryOptions());
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="agent-invitation-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="agent-invitation-title">
            {t('invitation.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('invitation.description')}
          </Text>
        </Stack>
        {invitation.data ? (
          <Group align="flex-start" gap="xl" wrap="wrap">
            <Stack gap="sm" style={{ flex: '1 1 18rem' }}>
              <CopiedField
                label={t('invitation.code')}
                value={invitation.data.agentCode}
                copyLabel={t('invitation.copyCode')}
              />
              <CopiedField
                label={t('invitation.link')}
                value={invitation.data.invitationUrl}
                copyLabel={t('invitation.copyLink')}
              />
            </Stack>
            <QRCodeSVG
              value={invitation.data.invitationUrl}
              size={144}
              marginSize={2}
              title={t('invitation.qr')}
              role="img"
              aria-label={t('invitation.qr')}
            />
          </Group>
        ) : invitation.isError ? (
          <LoadFailed onRetry={() => void invitation.refetch()} />
        ) : (
          <Skeleton h={144} />
        )}
      </Stack>
    </Card>
  );
}

function CopiedField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation('agent');
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} miw={140}>
            {copied ? t('invitation.copied') : copyLabel}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
