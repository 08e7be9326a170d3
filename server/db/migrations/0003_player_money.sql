CREATE TABLE "bank_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"card_number" text NOT NULL,
	"branch_code" text NOT NULL,
	"branch_name" text NOT NULL,
	"holder_first_name" text NOT NULL,
	"holder_last_name" text NOT NULL,
	"holder_pinyin_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"user_id" integer NOT NULL,
	"bank_card_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_holder" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"payout_yen" bigint NOT NULL,
	"status" text NOT NULL,
	"payout_state" text DEFAULT 'notStarted' NOT NULL,
	"hold_transfer_id" bigint NOT NULL,
	"refund_transfer_id" bigint,
	"idempotency_key" text NOT NULL,
	"params_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"review_remark" text,
	"payout_reference" text,
	"payout_attempts" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"failure_reason" text,
	CONSTRAINT "withdrawals_order_sn_unique" UNIQUE("order_sn"),
	CONSTRAINT "withdrawals_idempotency_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 AND "withdrawals"."fee" >= 0 AND "withdrawals"."payout_yen" > 0)
);
--> statement-breakpoint
CREATE TABLE "game_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game_name" text NOT NULL,
	"machine_id" text NOT NULL,
	"bet_amount" bigint NOT NULL,
	"win_amount" bigint NOT NULL,
	"played_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"front_key" text NOT NULL,
	"back_key" text NOT NULL,
	"handheld_key" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"reject_reason" text,
	"review_remark" text,
	CONSTRAINT "kyc_submissions_reviewed" CHECK (("kyc_submissions"."status" = 'pendingReview') = ("kyc_submissions"."reviewed_at" IS NULL) AND ("kyc_submissions"."status" = 'rejected') = ("kyc_submissions"."reject_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "deposit_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"user_id" integer NOT NULL,
	"channel_id" text NOT NULL,
	"mode" text NOT NULL,
	"provider" text,
	"status" text NOT NULL,
	"yen_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"bank_card_id" integer NOT NULL,
	"payer_name" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"params_hash" text NOT NULL,
	"provider_payment_id" text,
	"checkout_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"received_yen" bigint,
	"credit_transfer_id" bigint,
	"refund_hold_id" bigint,
	"failure_reason" text,
	"reviewed_by" integer,
	"review_remark" text,
	CONSTRAINT "deposit_orders_order_sn_unique" UNIQUE("order_sn"),
	CONSTRAINT "deposit_orders_idempotency_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "deposit_orders_amounts" CHECK ("deposit_orders"."yen_amount" > 0 AND "deposit_orders"."amount" > 0 AND "deposit_orders"."fee" >= 0),
	CONSTRAINT "deposit_orders_status_of_mode" CHECK (("deposit_orders"."mode" = 'automatic' AND "deposit_orders"."status" IN ('pendingPayment', 'paymentSuccessful', 'refundInProcess', 'refundSuccessful')) OR ("deposit_orders"."mode" = 'manual' AND "deposit_orders"."status" IN ('inProgress', 'successful', 'failed')))
);
--> statement-breakpoint
CREATE TABLE "pay_webhook_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_sn" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pay_webhook_events_event_unique" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payer_name" text NOT NULL,
	"return_url" text NOT NULL,
	"notify_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sandbox_payments_reference_unique" UNIQUE("merchant_id","merchant_reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_holder" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payouts_reference_unique" UNIQUE("merchant_id","reference")
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_card_id_bank_cards_id_fk" FOREIGN KEY ("bank_card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_bank_card_id_bank_cards_id_fk" FOREIGN KEY ("bank_card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_events" ADD CONSTRAINT "sandbox_events_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_bound_account_unique" ON "bank_cards" USING btree ("bank_code","branch_code","card_number") WHERE "bank_cards"."unbound_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_one_default_unique" ON "bank_cards" USING btree ("user_id") WHERE "bank_cards"."is_default" AND "bank_cards"."unbound_at" IS NULL;--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_queue_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_payout_idx" ON "withdrawals" USING btree ("payout_state") WHERE "withdrawals"."payout_state" = 'requested';--> statement-breakpoint
CREATE INDEX "game_records_user_idx" ON "game_records" USING btree ("user_id","played_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "kyc_submissions_queue_idx" ON "kyc_submissions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_open_unique" ON "kyc_submissions" USING btree ("user_id") WHERE "kyc_submissions"."status" IN ('pendingReview', 'approved');--> statement-breakpoint
CREATE INDEX "deposit_orders_user_idx" ON "deposit_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_queue_idx" ON "deposit_orders" USING btree ("mode","status","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_events_payment_idx" ON "sandbox_events" USING btree ("payment_id");