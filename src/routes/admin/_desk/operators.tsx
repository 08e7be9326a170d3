import { createFileRoute } from '@tanstack/react-router';
import { OperatorsPage } from '@/features/admin/operators-page';

export const Route = createFileRoute('/admin/_desk/operators')({
  component: OperatorsPage,
});
