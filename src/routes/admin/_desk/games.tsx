import { createFileRoute } from '@tanstack/react-router';
import { GamesPage } from '@/features/hall/desk-games-page';

export const Route = createFileRoute('/admin/_desk/games')({
  component: GamesPage,
});
