CREATE TABLE "app_aliases" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "app_aliases_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "app_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"totp_secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"bound_at" timestamp with time zone,
	"last_totp_step" bigint,
	"web_sign_in" boolean DEFAULT false NOT NULL,
	"reset_allowed_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_login_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"exchanged_at" timestamp with time zone,
	CONSTRAINT "app_login_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "app_aliases" ADD CONSTRAINT "app_aliases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_keys" ADD CONSTRAINT "app_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_login_codes" ADD CONSTRAINT "app_login_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_login_codes_expires_idx" ON "app_login_codes" USING btree ("expires_at");--> statement-breakpoint
-- Sessions opened by the companion app's QR sign-in are of their own kind.
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_kind_check";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("kind" IN ('player', 'operator', 'app'));
