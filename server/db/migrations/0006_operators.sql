CREATE TABLE "operator_credentials" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"totp_secret" text NOT NULL,
	"last_totp_step" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_credentials" ADD CONSTRAINT "operator_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;