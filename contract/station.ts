import * as v from 'valibot';
import { endpoint, isoDateTime, pageQuery } from './endpoint';

const stationLetter = v.object({
  id: v.number(),
  title: v.string(),
  content: v.string(),
  /** Always false for visitors, who see only letters addressed to everyone. */
  read: v.boolean(),
  sentAt: isoDateTime,
});
export type StationLetter = v.InferOutput<typeof stationLetter>;

/**
 * The station-letter page does not require sign-in (docs/requirements.md §2): visitors get the letters sent
 * to everyone, signed-in players also their own, newest first.
 */
export const stationLetterQuery = endpoint({
  path: '/v2/app/station/query',
  access: 'public',
  summary: 'Station letters: broadcasts for everyone plus, when signed in, the player’s own',
  body: v.optional(v.object({ ...pageQuery.entries, unreadOnly: v.optional(v.boolean(), false) }), {}),
  data: v.object({
    list: v.array(stationLetter),
    total: v.pipe(v.number(), v.integer()),
    unreadCount: v.pipe(v.number(), v.integer()),
  }),
});
