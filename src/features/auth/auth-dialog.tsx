import { selectFindPasswordFlow, selectLoginFlow, selectRegisterFlow } from '@machines/auth-dialog.machine';
import { Anchor, CloseButton, Image, Modal, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inspection } from '@/lib/inspector';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { useAuthDialog, useSessionActor } from '../session/use-session';
import classes from './auth-dialog.module.css';
import { authDialogLogic } from './auth-flows';
import { FindPasswordView } from './find-password-view';
import { invitedAgentCode } from './invitation';
import { peekReturnedSignIn } from './line-sign-in';
import { LoginView } from './login-form';
import { identityProvidersQueryOptions } from './queries';
import { RegisterView } from './register-view';

/** The dialog's flows, wired to the session actor and the browser once for the page's lifetime. */
function useAuthDialogFlows() {
  const session = useSessionActor();
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    authDialogLogic({
      session,
      line: () => queryClient.getQueryData(identityProvidersQueryOptions().queryKey)?.line ?? null,
      returnTo: () => session.getSnapshot().context.pendingTarget,
      agentCode: invitedAgentCode,
    }),
  );
  const returned = peekReturnedSignIn();
  return useActorRef(logic, {
    ...inspection,
    input: { agentCode: returned ? returned.agentCode : invitedAgentCode(), credential: returned?.credential ?? null },
  });
}

/**
 * The sign-in dialog: platform logo and artwork on the left, the login and register tabs on the right,
 * and the find-password view (no tabs) opened from the forgot-password link. The session decides
 * whether it is open and which view shows; each view's form is the flow the dialog machine runs.
 */
export function AuthDialog() {
  const { t } = useTranslation();
  const dialog = useAuthDialog();
  const isDesktop = useIsDesktop();
  const flows = useAuthDialogFlows();
  const loginFlow = useSelector(flows, selectLoginFlow);
  const registerFlow = useSelector(flows, selectRegisterFlow);
  const findPasswordFlow = useSelector(flows, selectFindPasswordFlow);

  return (
    <Modal
      opened={dialog.open}
      onClose={dialog.close}
      size={820}
      fullScreen={!isDesktop}
      withCloseButton={false}
      padding={0}
      radius="lg"
      centered
      classNames={{ body: classes.body }}
    >
      <div className={classes.frame}>
        <CloseButton className={classes.close} onClick={dialog.close} aria-label={t('authDialog.close')} size="lg" />
        {isDesktop && (
          <div className={classes.brand}>
            <Image src="/images/logo.svg" alt={t('layout.siteName')} w={72} h={72} />
            <div className={classes.brandFooter}>
              <Title order={2} size="h4" c="white">
                {t('layout.siteName')}
              </Title>
              <Text size="sm">{t('authDialog.tagline')}</Text>
            </div>
          </div>
        )}
        <div className={classes.panel}>
          {dialog.view === 'findPassword' ? (
            <Stack gap="md">
              <Modal.Title fz="h3" fw={700}>
                {t('authDialog.findPassword')}
              </Modal.Title>
              {findPasswordFlow && <FindPasswordView flow={findPasswordFlow} />}
              <Anchor component="button" type="button" onClick={() => dialog.show('login')} ta="left" size="sm">
                {t('authDialog.backToLogin')}
              </Anchor>
            </Stack>
          ) : (
            <Tabs
              value={dialog.view}
              onChange={(value) => {
                if (value === 'login' || value === 'register') dialog.show(value);
              }}
            >
              {/* The dialog's name (Modal.Title labels it): the tab that shows. */}
              <VisuallyHidden>
                <Modal.Title>{t(dialog.view === 'register' ? 'auth.register' : 'auth.login')}</Modal.Title>
              </VisuallyHidden>
              <Tabs.List grow>
                <Tabs.Tab value="login">{t('auth.login')}</Tabs.Tab>
                <Tabs.Tab value="register">{t('auth.register')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="login" pt="xl">
                {loginFlow && <LoginView flow={loginFlow} onForgotPassword={() => dialog.show('findPassword')} />}
              </Tabs.Panel>
              <Tabs.Panel value="register" pt="xl">
                {registerFlow && <RegisterView flow={registerFlow} />}
              </Tabs.Panel>
            </Tabs>
          )}
        </div>
      </div>
    </Modal>
  );
}
