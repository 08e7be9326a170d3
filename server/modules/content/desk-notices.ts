/** Notices on the operators' desk, each written per language (desk-languages.ts). */
import type { adminNoticeList, adminNoticeSave, DeskNotice } from '@contract/content-desk';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { Clock } from '@server/clock';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { notices } from '@server/db/schema/content';
import { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import { count, desc, eq } from 'drizzle-orm';
import { checkLanguages, deskText, storedText } from './desk-languages';

export async function deskNotices(
  db: Database,
  page: ParsedBodyOf<typeof adminNoticeList>,
): Promise<DataOf<typeof adminNoticeList>> {
  const found = await onePage(
    page,
    db.select().from(notices).orderBy(desc(notices.publishedAt), desc(notices.id)),
    db.select({ total: count() }).from(notices),
  );
  return {
    total: found.total,
    list: found.list.map(
      (row): DeskNotice => ({
        id: row.id,
        title: deskText(row.title),
        content: deskText(row.content),
        pinned: row.pinned,
        publishedAt: row.publishedAt.toISOString(),
      }),
    ),
  };
}

export async function saveNotice(
  deps: { db: Database; clock: Clock },
  request: { clientAddress: string; requestId: string; t: Translate; locale: Locale },
  operator: Principal,
  body: ParsedBodyOf<typeof adminNoticeSave>,
): Promise<DataOf<typeof adminNoticeSave>> {
  checkLanguages({ title: body.title, content: body.content }, 'admin.contentJapaneseRequired', request);
  const values = { title: storedText(body.title), content: storedText(body.content), pinned: body.pinned };
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    let id: number;
    if (body.id === undefined) {
      const [created] = await tx
        .insert(notices)
        .values({ ...values, publishedAt: now })
        .returning({ id: notices.id });
      if (!created) throw new Error('the notice insert returned no row');
      id = created.id;
    } else {
      const [updated] = await tx
        .update(notices)
        .set(values)
        .where(eq(notices.id, body.id))
        .returning({ id: notices.id });
      if (!updated) throw new ApiError(404, 'admin.noticeNotFound');
      id = updated.id;
    }
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: body.id === undefined ? 'notice.create' : 'notice.update',
      subject: `notice:${id}`,
    });
    return { id };
  });
}
