import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '@/features/content/content-page';

export const Route = createFileRoute('/_default/_about/about/privacy-policy')({
  component: () => <ContentPage slug="privacy-policy" />,
});
