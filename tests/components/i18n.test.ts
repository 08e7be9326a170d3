import dayjs from 'dayjs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { currentLanguage, dayjsLocaleOf, initI18n } from '@/lib/i18n';
import { startI18nIn } from './render';

describe('i18n start-up', () => {
  it('falls back to ja-JP when the stored language is not one of the seven', async () => {
    localStorage.setItem('lang', 'xx-XX');
    await initI18n();
    expect(i18next.language).toBe('ja-JP');
    expect(currentLanguage()).toBe('ja-JP');
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(i18next.t('notFound.title')).toBe('ページが見つかりません');
  });

  it('starts in the stored language and downloads only that locale', async () => {
    await startI18nIn('ko-KR');
    expect(i18next.language).toBe('ko-KR');
    expect(document.documentElement.lang).toBe('ko-KR');
    expect(i18next.t('auth.login')).toBe('로그인');
    expect(i18next.hasResourceBundle('ko-KR', 'common')).toBe(true);
    expect(i18next.hasResourceBundle('ja-JP', 'common')).toBe(false);
    expect(i18next.hasResourceBundle('en-US', 'common')).toBe(false);
    expect(dayjs.locale()).toBe('ko');
  });

  it('reads ja-JP when nothing is stored', async () => {
    await startI18nIn(null);
    expect(i18next.language).toBe('ja-JP');
  });

  it('uses dayjs packs for six locales and English for Filipino', () => {
    expect(dayjsLocaleOf('ja-JP')).toBe('ja');
    expect(dayjsLocaleOf('zh-CN')).toBe('zh-cn');
    expect(dayjsLocaleOf('zh-TW')).toBe('zh-tw');
    expect(dayjsLocaleOf('ko-KR')).toBe('ko');
    expect(dayjsLocaleOf('vi-VN')).toBe('vi');
    expect(dayjsLocaleOf('en-US')).toBe('en');
    expect(dayjsLocaleOf('fil-PH')).toBe('en');
  });
});
