import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '@/features/content/content-page';
import { FamilyDeclarationLink } from '@/features/protection/family-declaration-page';

export const Route = createFileRoute('/_default/_about/about/responsible-game')({
  component: () => (
    <ContentPage slug="responsible-game">
      <FamilyDeclarationLink />
    </ContentPage>
  ),
});
