import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { locales } from '@contract/locales';
import type { adminSupportSettingsQuery, adminSupportSettingsSet, SupportInfo } from '@contract/support';
import type { Principal } from '@server/contract-router';
import type { LocalisedText } from '@server/db/schema/content';
import { supportSettings } from '@server/db/schema/support';
import { pickLocalised } from '@server/localised-text';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';

const nullIfEmpty = (text: string) => (text === '' ? null : text);

async function readSettings(deps: Pick<PlayerDeps, 'db'>) {
  const [row] = await deps.db.select().from(supportSettings);
  return row ?? null;
}

/** What the desk edits: empty text where nothing is set. */
export async function deskSupportSettings(deps: PlayerDeps): Promise<DataOf<typeof adminSupportSettingsQuery>> {
  const row = await readSettings(deps);
  const hours = Object.fromEntries(locales.map((locale) => [locale, row?.hours[locale] ?? '']));
  return {
    appStoreUrl: row?.appStoreUrl ?? '',
    googlePlayUrl: row?.googlePlayUrl ?? '',
    directDownloadUrl: row?.directDownloadUrl ?? '',
    email: row?.email ?? '',
    lineId: row?.lineId ?? '',
    lineUrl: row?.lineUrl ?? '',
    hours: hours as DataOf<typeof adminSupportSettingsQuery>['hours'],
  };
}

/** Saves the whole set at once (an empty field unsets it), with an audit row naming what was set. */
export async function setSupportSettings(
  deps: PlayerDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminSupportSettingsSet>,
): Promise<null> {
  const hours: LocalisedText = {};
  for (const locale of locales) if (body.hours[locale]) hours[locale] = body.hours[locale];
  const values = {
    appStoreUrl: nullIfEmpty(body.appStoreUrl),
    googlePlayUrl: nullIfEmpty(body.googlePlayUrl),
    directDownloadUrl: nullIfEmpty(body.directDownloadUrl),
    email: nullIfEmpty(body.email),
    lineId: nullIfEmpty(body.lineId),
    lineUrl: nullIfEmpty(body.lineUrl),
    hours,
  };
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx
      .insert(supportSettings)
      .values({ id: 1, ...values, updatedAt: now, updatedBy: operator.userId })
      .onConflictDoUpdate({
        target: supportSettings.id,
        set: { ...values, updatedAt: now, updatedBy: operator.userId },
      });
    const set = Object.entries(values)
      .filter(([, value]) => value !== null && (typeof value === 'string' || Object.keys(value).length > 0))
      .map(([name]) => name);
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'support.settingsSet',
      subject: 'supportSettings',
      reason: `set: ${set.join(', ') || 'none'}`,
    });
  });
  return null;
}

/** The public view: only what is set, the hours in the reader's language (ja-JP where not written). */
export async function supportInfo(deps: Pick<PlayerDeps, 'db'>, request: PlayerRequest): Promise<SupportInfo> {
  const row = await readSettings(deps);
  const hours = row ? pickLocalised(row.hours, request.locale) : '';
  return {
    appStoreUrl: row?.appStoreUrl ?? null,
    googlePlayUrl: row?.googlePlayUrl ?? null,
    directDownloadUrl: row?.directDownloadUrl ?? null,
    email: row?.email ?? null,
    lineId: row?.lineId ?? null,
    lineUrl: row?.lineUrl ?? null,
    hours: hours === '' ? null : hours,
  };
}
