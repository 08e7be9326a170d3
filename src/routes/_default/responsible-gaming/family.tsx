import { createFileRoute } from '@tanstack/react-router';
import { FamilyDeclarationPage } from '@/features/protection/family-declaration-page';

export const Route = createFileRoute('/_default/responsible-gaming/family')({
  component: FamilyDeclarationPage,
});
