import { createFileRoute } from '@tanstack/react-router';
import { DownloadPage } from '@/features/support/download-page';

export const Route = createFileRoute('/_default/download')({
  component: DownloadPage,
});
