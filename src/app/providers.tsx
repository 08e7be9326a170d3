import { DatesProvider } from '@mantine/dates';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { NotificationsOnDemand } from '../features/layout/notifications-on-demand';
import { theme } from '../features/layout/theme';
import { toastDurationMs } from '../lib/api-client';
import { currentLanguage, dayjsLocaleOf } from '../lib/i18n';
import { queryClient, router } from './router';

export function Providers({ i18n }: { i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
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
