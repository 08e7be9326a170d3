import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '@/features/content/content-page';

export const Route = createFileRoute('/_default/activity')({
  component: () => <ContentPage slug="activity" />,
});
