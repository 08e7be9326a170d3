import { selectCodeSentNotice, selectSendCodeButton, type sendCodeMachine } from '@machines/send-code.machine';
import { Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';

/**
 * "send code" / "resend (N s)" / "resend" beside the address typed so far: label, busy and disabled
 * all come from the machine.
 */
export function SendCodeButton(props: { flow: ActorRefFrom<typeof sendCodeMachine>; email: string; onSend(): void }) {
  const { t } = useTranslation('auth');
  const button = selectSendCodeButton(
    useSelector(props.flow, (snapshot) => snapshot),
    props.email,
  );
  const label =
    button.label.key === 'sendCode.resendIn'
      ? t(button.label.key, { seconds: button.label.seconds })
      : t(button.label.key);
  return (
    <Button variant="light" onClick={props.onSend} disabled={!button.enabled} loading={button.busy} miw={132}>
      {label}
    </Button>
  );
}

/**
 * Beside the button once a code went out: the address it went to, and how long until another may
 * be asked for. A status region, so a screen reader says it too.
 */
export function CodeSentNotice(props: { flow: ActorRefFrom<typeof sendCodeMachine> }) {
  const { t } = useTranslation('auth');
  const notice = useSelector(props.flow, selectCodeSentNotice);
  return (
    <Stack gap={0} role="status" aria-live="polite">
      {notice && (
        <>
          <Text size="sm">{t('sendCode.sentTo', { email: notice.email })}</Text>
          <Text size="sm" c="dimmed">
            {notice.secondsLeft > 0 ? t('sendCode.nextIn', { seconds: notice.secondsLeft }) : t('sendCode.nextNow')}
          </Text>
        </>
      )}
    </Stack>
  );
}
