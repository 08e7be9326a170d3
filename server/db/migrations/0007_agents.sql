CREATE TABLE "agent_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"remark" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"review_remark" text,
	"reject_reason" text,
	CONSTRAINT "agent_applications_reviewed" CHECK (("agent_applications"."status" = 'pendingReview') = ("agent_applications"."reviewed_at" IS NULL) AND ("agent_applications"."status" = 'rejected') = ("agent_applications"."reject_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "agent_terms" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"rebate_basis_points" integer DEFAULT 0 NOT NULL,
	"application_id" integer,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_terms_rebate_range" CHECK ("agent_terms"."rebate_basis_points" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "agent_applications" ADD CONSTRAINT "agent_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_applications" ADD CONSTRAINT "agent_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_terms" ADD CONSTRAINT "agent_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_terms" ADD CONSTRAINT "agent_terms_application_id_agent_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."agent_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_applications_user_idx" ON "agent_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "agent_applications_queue_idx" ON "agent_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_applications_one_open_unique" ON "agent_applications" USING btree ("user_id") WHERE "agent_applications"."status" = 'pendingReview';