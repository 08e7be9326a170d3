/**
 * Banners on the operators' desk: the title per language (desk-languages.ts), the picture and link,
 * the order, the schedule, and whether it is published. A new banner starts withdrawn, so the desk
 * can read it over before players see it.
 */
import type { adminBannerPublish, adminBannerSave, DeskBanner } from '@contract/content-desk';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { Clock } from '@server/clock';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { banners } from '@server/db/schema/content';
import { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { asc, eq } from 'drizzle-orm';
import { checkLanguages, deskText, storedText } from './desk-languages';

type DeskRequest = { clientAddress: string; requestId: string; t: Translate; locale: Locale };

export async function deskBanners(db: Database): Promise<DeskBanner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.sort), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    title: deskText(row.title),
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl ?? '',
    sort: row.sort,
    active: row.active,
    showsFrom: row.showsFrom?.toISOString() ?? null,
    showsUntil: row.showsUntil?.toISOString() ?? null,
  }));
}

export async function saveBanner(
  deps: { db: Database; clock: Clock },
  request: DeskRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminBannerSave>,
): Promise<DataOf<typeof adminBannerSave>> {
  checkLanguages({ title: body.title }, 'admin.bannerJapaneseRequired', request);
  const values = {
    position: body.position,
    title: storedText(body.title),
    imageUrl: body.imageUrl,
    linkUrl: body.linkUrl === '' ? null : body.linkUrl,
    sort: body.sort,
    showsFrom: body.showsFrom === null ? null : new Date(body.showsFrom),
    showsUntil: body.showsUntil === null ? null : new Date(body.showsUntil),
  };
  return deps.db.transaction(async (tx) => {
    let id: number;
    if (body.id === undefined) {
      const [created] = await tx
        .insert(banners)
        .values({ ...values, active: false })
        .returning({ id: banners.id });
      if (!created) throw new Error('the banner insert returned no row');
      id = created.id;
    } else {
      const [updated] = await tx
        .update(banners)
        .set(values)
        .where(eq(banners.id, body.id))
        .returning({ id: banners.id });
      if (!updated) throw new ApiError(404, 'admin.bannerNotFound');
      id = updated.id;
    }
    await writeAudit(tx, request, {
      at: deps.clock.now(),
      actor: actorOfUser(operator.userId),
      action: body.id === undefined ? 'banner.create' : 'banner.update',
      subject: `banner:${id}`,
    });
    return { id };
  });
}

export async function publishBanner(
  deps: { db: Database; clock: Clock },
  request: DeskRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminBannerPublish>,
): Promise<DataOf<typeof adminBannerPublish>> {
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(banners)
      .set({ active: body.active })
      .where(eq(banners.id, body.id))
      .returning({ id: banners.id });
    if (!updated) throw new ApiError(404, 'admin.bannerNotFound');
    await writeAudit(tx, request, {
      at: deps.clock.now(),
      actor: actorOfUser(operator.userId),
      action: body.active ? 'banner.publish' : 'banner.withdraw',
      subject: `banner:${body.id}`,
    });
    return { id: body.id, active: body.active };
  });
}
