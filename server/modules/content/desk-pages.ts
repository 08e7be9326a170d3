/**
 * The content pages (guides, FAQ, about and licence pages) on the operators' desk: each page's title
 * and text per language (desk-languages.ts). The pages are the product's own: the desk rewrites
 * them and adds none.
 */

import { contentPageSlugs } from '@contract/content';
import type { adminContentPageSave, DeskContentPage } from '@contract/content-desk';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { Clock } from '@server/clock';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { contentPages } from '@server/db/schema/content';
import { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { eq, inArray } from 'drizzle-orm';
import { checkLanguages, deskText, storedText } from './desk-languages';

/** The pages in the order the contract names them. */
export async function deskContentPages(db: Database): Promise<DeskContentPage[]> {
  const rows = await db
    .select()
    .from(contentPages)
    .where(inArray(contentPages.slug, [...contentPageSlugs]));
  const place = (slug: string) => contentPageSlugs.indexOf(slug as DeskContentPage['slug']);
  return rows
    .sort((a, b) => place(a.slug) - place(b.slug))
    .map((row) => ({
      slug: row.slug as DeskContentPage['slug'],
      title: deskText(row.title),
      body: deskText(row.body),
      updatedAt: row.updatedAt.toISOString(),
    }));
}

export async function saveContentPage(
  deps: { db: Database; clock: Clock },
  request: { clientAddress: string; requestId: string; t: Translate; locale: Locale },
  operator: Principal,
  body: ParsedBodyOf<typeof adminContentPageSave>,
): Promise<DataOf<typeof adminContentPageSave>> {
  checkLanguages({ title: body.title, body: body.body }, 'admin.contentJapaneseRequired', request);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [updated] = await tx
      .update(contentPages)
      .set({ title: storedText(body.title), body: storedText(body.body), updatedAt: now })
      .where(eq(contentPages.slug, body.slug))
      .returning({ slug: contentPages.slug });
    if (!updated) throw new ApiError(404, 'admin.contentPageNotFound');
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'contentPage.update',
      subject: `contentPage:${body.slug}`,
    });
    return { slug: body.slug };
  });
}
