import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { NotificationsOnDemand } from '../features/layout/notifications-on-demand';
import { createAppTheme, cssVariablesResolver } from '../features/layout/theme';
import { toastDurationMs } from '../lib/api-client';
import { currentLanguage, dayjsLocaleOf } from '../lib/i18n';
import { queryClient, router } from './router';

export function Providers({ i18n }: { i18n: i18n }) {
  // Changing the language reloads the page, so the theme's texts are read once.
  const [theme] = useState(() => createAppTheme(i18n.t));
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <DatesProvider settings={{ locale: dayjsLocaleOf(currentLanguage()) }}>
          <NotificationsOnDemand autoClose={toastDurationMs} />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
