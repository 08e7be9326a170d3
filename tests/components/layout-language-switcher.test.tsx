import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher } from '@/features/layout/language-switcher';
import { renderWithProviders, startI18nIn } from './render';

describe('language switcher', () => {
  let reload: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(async () => {
    await startI18nIn('ja-JP');
    reload = vi.fn<() => void>();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers the seven languages in their own names, with the active one chosen', () => {
    renderWithProviders(<LanguageSwitcher placement="header" />);
    const select = screen.getByRole('combobox', { name: '言語' });
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['日本語', 'English', '한국어', '简体中文', '繁體中文', 'Filipino', 'Tiếng Việt']);
    expect(select).toHaveValue('ja-JP');
  });

  it('stores the chosen language under lang and reloads the page', async () => {
    renderWithProviders(<LanguageSwitcher placement="header" />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '言語' }), 'Tiếng Việt');
    expect(localStorage.getItem('lang')).toBe('vi-VN');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
