import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeskServer, openPagesOn, renderApp, startDeskServer, storeDeskSession } from './admin-desk-harness';
import { startI18nIn } from './render';

// Docs: docs/requirements.md §1.8 (the desk edits banners and pages per language, with a preview).

let server: DeskServer;
let desk: Awaited<ReturnType<DeskServer['operatorSession']>>;

beforeAll(async () => {
  // Mantine's growing text areas follow the page's fonts, which happy-dom has none of.
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  server = await startDeskServer();
  openPagesOn(server);
  desk = await server.operatorSession();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** Picks an option of the preview's language list (the page's own language switcher has the same names). */
async function readAs(user: ReturnType<typeof userEvent.setup>, preview: HTMLElement, language: string) {
  const list = within(preview).getByRole('combobox', { name: 'Read as' });
  await user.click(list);
  const options = await screen.findAllByRole('option', { name: language });
  const option = options.find(
    (candidate) => candidate.closest('[role="listbox"]')?.id === list.getAttribute('aria-controls'),
  );
  if (!option) throw new Error(`no option ${language} in the preview's list`);
  await user.click(option);
}

describe('the banners desk', () => {
  it('writes a banner withdrawn, previews it per language with the Japanese mark, and publishes it', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    storeDeskSession(desk);
    renderApp('/admin/banners');

    await screen.findByRole('table', { name: 'Banners' });
    await user.click(screen.getByRole('button', { name: 'Add a banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a banner' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The contract's rules refuse it before any call: the Japanese title and the picture are missing.
    expect(await within(dialog).findByText(/Enter a path of this site starting with \//)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '冬の大感謝祭');
    await user.type(within(dialog).getByRole('textbox', { name: 'Picture' }), '/images/banners/banner-1.svg');
    await user.click(within(dialog).getByRole('tab', { name: 'English' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Winter thanks festival');

    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('img', { name: '冬の大感謝祭' })).toBeInTheDocument();
    await readAs(user, preview, 'English');
    expect(await within(preview).findByRole('img', { name: 'Winter thanks festival' })).toBeInTheDocument();
    await readAs(user, preview, '한국어');
    expect(await within(preview).findByRole('img', { name: '冬の大感謝祭' })).toBeInTheDocument();
    // The mark a Korean reader sees, in Korean.
    expect((await within(preview).findByText('일본어로 표시')).closest('[lang="ko-KR"]')).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText('冬の大感謝祭')).closest('tr') as HTMLTableRowElement;
    expect(row).toHaveTextContent('Withdrawn');
    expect(row).toHaveTextContent('2 of 7 languages');

    await user.click(within(row).getByRole('button', { name: 'Publish “冬の大感謝祭”' }));
    await waitFor(() => expect(row).toHaveTextContent('Showing'));
    const banners = await server.ok<{ title: Record<string, string>; active: boolean }[]>(
      '/v2/admin/banner/list',
      {},
      { token: desk.token },
    );
    expect(banners.find((banner) => banner.title['en-US'] === 'Winter thanks festival')?.active).toBe(true);
  }, 60_000);
});

describe('the content pages desk', () => {
  it('lists the pages, refuses a language half written on its field, and rewrites the FAQ', async () => {
    await startI18nIn('ja-JP');
    const user = userEvent.setup();
    storeDeskSession(desk);
    renderApp('/admin/content-pages');

    await screen.findByRole('table', { name: 'コンテンツページ' });
    await user.click(screen.getByRole('button', { name: 'ページ「よくある質問」を編集' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: 'English' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'タイトル' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    // The server names the field it refused and the language, in the operator's language.
    expect(
      await within(dialog).findAllByText('英語はタイトルと本文の両方を入力するか、両方とも空にしてください'),
    ).not.toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'タイトル' }), 'Questions, revised');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const pages = await server.ok<{ slug: string; title: Record<string, string> }[]>(
      '/v2/admin/page/list',
      {},
      { token: desk.token },
    );
    expect(pages.find((listed) => listed.slug === 'faq')?.title['en-US']).toBe('Questions, revised');
  }, 60_000);
});
