import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { toastDurationMs } from '@/lib/api-client';
import { useSessionStore } from '../session/use-session';
import { handOverSignIn, takeLineReturn } from './line-sign-in';

/**
 * LINE's redirect URI (by default /auth/line/callback): checks the returned state, then opens the
 * sign-in dialog over the home page, where the login flow has the server exchange the code. A
 * mismatched or missing state is refused with a message; the dialog then offers the normal form.
 */
export function LineCallbackPage() {
  const { t } = useTranslation('auth');
  const session = useSessionStore();
  const navigate = useNavigate();
  // The answer is read once: React's development double effects must not spend it twice.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const answer = takeLineReturn(window.location.search);
    if (answer.outcome === 'signedIn') handOverSignIn({ credential: answer.credential, agentCode: answer.agentCode });
    else notifications.show({ color: 'red', message: t('thirdParty.lineRefused'), autoClose: toastDurationMs });
    void navigate({ to: '/', replace: true }).then(() =>
      session.send({ type: 'authDialog.show', view: 'login', target: answer.returnTo }),
    );
  }, [navigate, session, t]);

  return <PageLoader />;
}
