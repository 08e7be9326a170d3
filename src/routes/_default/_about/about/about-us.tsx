import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '@/features/content/content-page';

export const Route = createFileRoute('/_default/_about/about/about-us')({
  component: () => <ContentPage slug="about-us" />,
});
