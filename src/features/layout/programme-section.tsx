import { Alert, Stack, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-links';
import { useIsAgent } from '../session/use-session';
import { agentMenu } from './menus';
import { SectionLayout } from './section-layout';

const applicationPath = '/agent/agent-center';

/** The /agent pages: agents get the agent menu; other members see what the programme is first, and where to apply. */
export function AgentSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isAgent = useIsAgent();
  const onApplicationPage = useRouterState({ select: (state) => state.location.pathname === applicationPath });
  if (isAgent) return <SectionLayout menu={agentMenu}>{children}</SectionLayout>;
  return (
    <Stack gap="lg">
      <Alert color="gold" variant="light" title={t('layout.agentProgramme')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('layout.agentProgrammeIntro')}</Text>
          {!onApplicationPage && (
            <ButtonLink to={applicationPath} size="xs" variant="light">
              {t('layout.agentApply')}
            </ButtonLink>
          )}
        </Stack>
      </Alert>
      {children}
    </Stack>
  );
}
