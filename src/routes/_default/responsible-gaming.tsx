import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '@/features/content/content-page';

export const Route = createFileRoute('/_default/responsible-gaming')({
  component: () => <ContentPage slug="responsible-gaming" />,
});
