import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '@/features/content/content-page';

export const Route = createFileRoute('/_default/game/guide/deposit')({
  component: () => <ContentPage slug="deposit-guide" />,
});
