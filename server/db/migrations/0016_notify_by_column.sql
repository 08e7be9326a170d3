-- The users and sessions triggers of 0012 name the columns they watch, so an update that sets none
-- of them (the last sign-in time at every sign-in, last_seen_at as sessions are used) no longer
-- fires them at all, where before each such update compared every watched column of the old and
-- new row. The WHEN conditions stay: an update naming a column without changing it still announces
-- nothing.
DROP TRIGGER "users_notify_changes" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_notify_changes"
	AFTER UPDATE OF role, is_agent, frozen, username, email, password_hash, pay_password_hash,
		nickname, phone, first_name, last_name, pinyin_name, registered_at ON "users"
	FOR EACH ROW WHEN (
		(OLD.role, OLD.is_agent, OLD.frozen, OLD.username, OLD.email, OLD.password_hash, OLD.pay_password_hash,
			OLD.nickname, OLD.phone, OLD.first_name, OLD.last_name, OLD.pinyin_name, OLD.registered_at)
		IS DISTINCT FROM
		(NEW.role, NEW.is_agent, NEW.frozen, NEW.username, NEW.email, NEW.password_hash, NEW.pay_password_hash,
			NEW.nickname, NEW.phone, NEW.first_name, NEW.last_name, NEW.pinyin_name, NEW.registered_at))
	EXECUTE FUNCTION user_changes_notify('id');
--> statement-breakpoint
DROP TRIGGER "sessions_notify_changes" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_changes"
	AFTER UPDATE OF user_id, token_hash, expires_at, revoked_at ON "sessions"
	FOR EACH ROW WHEN ((OLD.user_id, OLD.token_hash, OLD.expires_at, OLD.revoked_at)
		IS DISTINCT FROM (NEW.user_id, NEW.token_hash, NEW.expires_at, NEW.revoked_at))
	EXECUTE FUNCTION user_changes_notify('user_id');
