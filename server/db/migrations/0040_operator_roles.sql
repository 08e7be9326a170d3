-- Operator roles: what each operator may do on the desk. Operators made before roles administer,
-- as the first one must. A change of roles is announced like a change of the user's own row, so every
-- API process forgets the operator's kept sessions and the next call is checked against the new
-- roles; auth_resolve_session answers the roles with the session.
ALTER TABLE "operator_credentials" ADD COLUMN "roles" text[] DEFAULT '{"administrator"}' NOT NULL;--> statement-breakpoint
CREATE TRIGGER "operator_credentials_notify_changes"
	AFTER UPDATE OF roles ON "operator_credentials"
	FOR EACH ROW WHEN (OLD.roles IS DISTINCT FROM NEW.roles)
	EXECUTE FUNCTION user_changes_notify('user_id');--> statement-breakpoint
DROP FUNCTION IF EXISTS "auth_resolve_session"(text, timestamptz, bigint, bigint);
