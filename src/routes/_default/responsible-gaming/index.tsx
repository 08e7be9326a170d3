import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '@/features/content/content-page';
import { FamilyDeclarationLink } from '@/features/protection/family-declaration-page';

export const Route = createFileRoute('/_default/responsible-gaming/')({
  component: () => (
    <ContentPage slug="responsible-gaming">
      <FamilyDeclarationLink />
    </ContentPage>
  ),
});
