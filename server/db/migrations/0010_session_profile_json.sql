-- This migration also defined auth_resolve_session. A function's only source is now its file in
-- server/db/functions, applied after the migrations.
-- auth_resolve_session hands over the live session's profile as the JSON text user/info answers,
-- built here: one text column instead of sixteen, so the server neither converts the columns nor
-- serialises them again on every call. The keys and formats are the contract's Profile
-- (contract/auth.ts): instants as ISO-8601 UTC with milliseconds, coins as a number. The balance,
-- the identity check and the profile are read only for a session that counts, in the same statement
-- as the session.
DROP FUNCTION IF EXISTS "auth_resolve_session"(text, timestamptz, bigint, text);
