-- The profile user/info answers, read so that a process may keep it until an announcement says it
-- changed (server/modules/auth/session-cache.ts). Coins change with every move, so a balance is
-- announced (user_changes_notify) only while the coin account is marked as watched: this marks it
-- for p_watch_ms (the account is opened empty if the player has none yet, so that a first deposit
-- is announced too), then reads the profile. The mark sits on the very row a move updates, so a
-- move either waits for the read's row lock and then sees the mark, or commits before the read
-- takes its snapshot and is in what was read; each statement of this function sees what was
-- committed before it began, so the read follows the mark.
-- The profile is JSON exactly as the server would write it: no spaces, the keys in the contract's
-- order (contract/auth.ts), each value to_json's. Null when there is no such user.
CREATE OR REPLACE FUNCTION "auth_watch_profile"(p_user_id integer, p_coin_currency text, p_watch_ms bigint, OUT profile text)
LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_user_id) THEN
		RETURN;
	END IF;
	PERFORM ledger_account_id('player', p_user_id, NULL, p_coin_currency, clock_timestamp());
	UPDATE ledger_accounts SET balance_watched_until = clock_timestamp() + p_watch_ms * interval '1 millisecond'
		WHERE user_id = p_user_id AND currency = p_coin_currency;
	SELECT concat(
			'{"userId":', to_json(u.id),
			',"username":', to_json(u.username),
			',"email":', coalesce(to_json(u.email)::text, 'null'),
			',"nickname":', coalesce(to_json(u.nickname)::text, 'null'),
			',"phone":', coalesce(to_json(u.phone)::text, 'null'),
			',"firstName":', coalesce(to_json(u.first_name)::text, 'null'),
			',"lastName":', coalesce(to_json(u.last_name)::text, 'null'),
			',"pinyinName":', coalesce(to_json(u.pinyin_name)::text, 'null'),
			',"balance":', to_json(coalesce((SELECT a.balance - a.held FROM ledger_accounts a WHERE a.user_id = u.id AND a.currency = p_coin_currency), 0)),
			',"lastLoginAt":', coalesce(to_json(to_char(u.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, 'null'),
			',"registeredAt":', to_json(to_char(u.registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
			',"isAgent":', to_json(u.is_agent),
			',"hasPassword":', to_json(u.password_hash IS NOT NULL),
			',"hasPayPassword":', to_json(u.pay_password_hash IS NOT NULL),
			',"kycStatus":', to_json(coalesce((SELECT k.status FROM kyc_submissions k WHERE k.user_id = u.id ORDER BY k.id DESC LIMIT 1), 'notSubmitted')),
			'}')
		INTO profile
		FROM users u WHERE u.id = p_user_id;
END
$$;
