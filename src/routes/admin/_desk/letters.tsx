import { createFileRoute } from '@tanstack/react-router';
import { LettersPage } from '@/features/letters/desk-letters-page';

export const Route = createFileRoute('/admin/_desk/letters')({
  component: LettersPage,
});
