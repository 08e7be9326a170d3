import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '@/features/content/content-page';

export const Route = createFileRoute('/_default/terms-conditions')({
  component: () => <ContentPage slug="terms-conditions" />,
});
