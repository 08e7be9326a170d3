import * as v from 'valibot';
import type { OperatorRole } from './admin-roles';

/** Who may call an endpoint: the server's access middleware enforces it before the handler runs. */
export type Access = 'public' | 'user' | 'agent' | 'admin' | 'provider';

interface EndpointFields<TBody extends v.GenericSchema, TData extends v.GenericSchema> {
  /** Full request path; every call is a POST with a JSON body. */
  readonly path: string;
  readonly body: TBody;
  readonly data: TData;
  readonly summary: string;
  /** Money calls (and the desk's letters) require an Idempotency-Key header so a retry acts once. */
  readonly idempotent?: boolean;
}

/** A desk call names the operator roles it allows; no other kind of call has roles. */
export type Endpoint<
  TBody extends v.GenericSchema = v.GenericSchema,
  TData extends v.GenericSchema = v.GenericSchema,
> = EndpointFields<TBody, TData> &
  (
    | { readonly access: 'admin'; readonly roles: readonly OperatorRole[] }
    | { readonly access: Exclude<Access, 'admin'>; readonly roles?: undefined }
  );

/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const TBody extends v.GenericSchema, const TData extends v.GenericSchema>(
  definition: Endpoint<TBody, TData>,
): Endpoint<TBody, TData> {
  return definition;
}

export type BodyOf<E extends Endpoint> = v.InferInput<E['body']>;
export type ParsedBodyOf<E extends Endpoint> = v.InferOutput<E['body']>;
export type DataOf<E extends Endpoint> = v.InferOutput<E['data']>;

/** Calls that take no body (the app-key, alias and QR calls): an absent body and `{}` are both accepted. */
export const emptyBody = v.optional(v.strictObject({}), {});

/** Calls whose response carries no data. */
export const noData = v.nullish(v.null());

/** The envelope every response body follows (docs/architecture.md §3). */
export const envelopeSchema = v.object({
  code: v.number(),
  msg: v.string(),
  data: v.optional(v.unknown()),
  fields: v.optional(v.record(v.string(), v.string())),
  requestId: v.optional(v.string()),
});
export type Envelope = v.InferOutput<typeof envelopeSchema>;

/**
 * Paging shared by every list call. The page number is bounded so the row offset stays an exact
 * integer that PostgreSQL accepts (a page beyond the data is simply empty).
 */
export const pageQuery = v.object({
  pageNum: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)), 1),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20),
});

export function pageOf<const TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ list: v.array(item), total: v.pipe(v.number(), v.integer()) });
}

/** Row ids are PostgreSQL integers: a larger number names nothing and is refused as invalid input. */
export const maxRowId = 2_147_483_647;

/** The id of a row, refused with `message` unless it could name one. */
export function rowId(message: string) {
  return v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(maxRowId, message));
}

/** Instants travel as ISO-8601 strings. */
export const isoDateTime = v.pipe(v.string(), v.isoTimestamp());

/** Calendar days (record searches) travel as YYYY-MM-DD. */
export const isoDate = v.pipe(v.string(), v.isoDate());

/**
 * Record searches count calendar days in Japan time, the site's business day, wherever the browser
 * or the server runs: a day is from midnight to midnight at UTC+09:00, and "today" is the date there.
 */
export const recordDayUtcOffsetMs = 9 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) an instant falls on, counted in Japan time. */
export function recordDayOf(instant: Date): string {
  return new Date(instant.getTime() + recordDayUtcOffsetMs).toISOString().slice(0, 10);
}

/** The longest span, in days, one record search may cover (keeps report queries bounded). */
export const maxDateRangeDays = 90;

const dayMs = 24 * 60 * 60 * 1000;

/** An inclusive range of calendar days, at most `maxDateRangeDays` long; a bad range is reported on `to`. */
export const dateRange = v.pipe(
  v.object({ from: isoDate, to: isoDate }),
  v.forward(
    v.check((range) => {
      const days = (Date.parse(range.to) - Date.parse(range.from)) / dayMs;
      return days >= 0 && days < maxDateRangeDays;
    }, 'validation.dateRange'),
    ['to'],
  ),
);
export type DateRange = v.InferOutput<typeof dateRange>;

/**
 * A period as a list page's range picker holds it: no day, one day while the second is being
 * picked, or both days forming a `dateRange`.
 */
export const pickedPeriod = v.pipe(
  v.tuple([v.nullable(isoDate), v.nullable(isoDate)]),
  v.check(([from, to]) => from === null || to === null || v.is(dateRange, { from, to }), 'validation.periodTooLong'),
);

/** A list page's filter form: the period its picker holds; the other filters are choices and free text. */
export const listFilterForm = v.looseObject({ period: v.optional(pickedPeriod) });

/** A list call's body: paging, an optional period and the call's own filters. */
export function listQuery<const TEntries extends v.ObjectEntries>(filters: TEntries) {
  return v.object({ ...pageQuery.entries, period: v.optional(dateRange), ...filters });
}
