import { describe, expect, it } from 'vitest';
import { PlainText, paragraphsOf } from '@/features/content/plain-text';
import { renderWithProviders } from './render';

describe('operator text', () => {
  it('splits paragraphs at blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphsOf('First line\nsame paragraph\n\n\r\nSecond\n   \nThird  ')).toEqual([
      'First line\nsame paragraph',
      'Second',
      'Third',
    ]);
  });

  it('renders markup as text, never as HTML', () => {
    const { container } = renderWithProviders(<PlainText body={'<b>bold</b>\n\n<img src=x onerror=alert(1)>'} />);
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(paragraphs[0]?.textContent).toBe('<b>bold</b>');
  });
});
