import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsPage } from '@/features/user/account-settings-page';

export const Route = createFileRoute('/_default/_auth/_user/user/account-setting')({
  component: AccountSettingsPage,
});
