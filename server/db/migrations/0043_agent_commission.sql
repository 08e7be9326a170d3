-- Agent commission: one statement per agent and Japanese day, written with its ledger payment by
-- the daily settlement job, so running it again pays nothing twice.
CREATE TABLE "agent_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"members" integer NOT NULL,
	"valid_bets" bigint NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"amount" bigint NOT NULL,
	"transfer_id" bigint,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_commissions_amounts" CHECK ("agent_commissions"."valid_bets" >= 0 AND "agent_commissions"."amount" >= 0 AND "agent_commissions"."members" >= 0),
	CONSTRAINT "agent_commissions_paid" CHECK (("agent_commissions"."amount" = 0) = ("agent_commissions"."transfer_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commissions_agent_day_unique" ON "agent_commissions" USING btree ("agent_id","day");