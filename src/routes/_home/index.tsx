import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/content/home-page';

export const Route = createFileRoute('/_home/')({
  component: HomePage,
});
