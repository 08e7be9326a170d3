import { currentLanguage } from '@/lib/i18n';

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(new Date(iso));
}
