import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsAgent } from '../session/use-session';
import { agentMenu } from './menus';
import { SectionLayout } from './section-layout';

/** The /agent pages: agents get the agent menu; other members see what the programme is first. */
export function AgentSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isAgent = useIsAgent();
  if (isAgent) return <SectionLayout menu={agentMenu}>{children}</SectionLayout>;
  return (
    <Stack gap="lg">
      <Alert color="gold" variant="light" title={t('layout.agentProgramme')}>
        {t('layout.agentProgrammeIntro')}
      </Alert>
      {children}
    </Stack>
  );
}
