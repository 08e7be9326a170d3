import { selectSendCodeButton, type sendCodeMachine } from '@machines/send-code.machine';
import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';

/** "send code" / "resend (N s)" / "resend": label, busy and disabled all come from the machine. */
export function SendCodeButton({ flow, onSend }: { flow: ActorRefFrom<typeof sendCodeMachine>; onSend(): void }) {
  const { t } = useTranslation('auth');
  const button = useSelector(flow, selectSendCodeButton);
  const label =
    button.label.key === 'sendCode.resendIn'
      ? t(button.label.key, { seconds: button.label.seconds })
      : t(button.label.key);
  return (
    <Button variant="light" onClick={onSend} disabled={!button.enabled} loading={button.busy} miw={132}>
      {label}
    </Button>
  );
}
