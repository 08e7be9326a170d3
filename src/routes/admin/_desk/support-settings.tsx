import { createFileRoute } from '@tanstack/react-router';
import { SupportSettingsPage } from '@/features/support/desk-settings-page';

export const Route = createFileRoute('/admin/_desk/support-settings')({
  component: SupportSettingsPage,
});
