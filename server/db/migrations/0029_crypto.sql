CREATE TABLE "chain_sim_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"genesis_at" timestamp with time zone NOT NULL,
	"block_interval_ms" integer NOT NULL,
	"extra_blocks" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_sim_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"output_index" integer NOT NULL,
	"coin" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_height" bigint NOT NULL,
	"kind" text NOT NULL,
	"payout_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"dropped_at" timestamp with time zone,
	CONSTRAINT "chain_sim_transactions_payout_unique" UNIQUE("payout_reference"),
	CONSTRAINT "chain_sim_transactions_output_unique" UNIQUE("network","tx_hash","output_index")
);
--> statement-breakpoint
CREATE TABLE "crypto_deposit_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crypto_deposit_addresses_player_unique" UNIQUE("user_id","network"),
	CONSTRAINT "crypto_deposit_addresses_index_unique" UNIQUE("network","derivation_index"),
	CONSTRAINT "crypto_deposit_addresses_address_unique" UNIQUE("network","address"),
	CONSTRAINT "crypto_deposit_addresses_index" CHECK ("crypto_deposit_addresses"."derivation_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_sn" text NOT NULL,
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"output_index" integer NOT NULL,
	"crypto_amount" numeric(78, 0) NOT NULL,
	"block_height" bigint NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"game_coins_per_coin" text NOT NULL,
	"damage_rate_basis_points" integer NOT NULL,
	"coins" bigint NOT NULL,
	"credit_transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"dropped_at" timestamp with time zone,
	CONSTRAINT "crypto_deposits_order_sn_unique" UNIQUE("order_sn"),
	CONSTRAINT "crypto_deposits_output_unique" UNIQUE("network","tx_hash","output_index"),
	CONSTRAINT "crypto_deposits_amounts" CHECK ("crypto_deposits"."crypto_amount" > 0 AND "crypto_deposits"."coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_pairs" (
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"name" text NOT NULL,
	"decimals" integer NOT NULL,
	"deposit_enabled" boolean NOT NULL,
	"withdrawal_enabled" boolean NOT NULL,
	"min_deposit" numeric(78, 0) NOT NULL,
	"confirmations" integer NOT NULL,
	"min_withdrawal" numeric(78, 0) NOT NULL,
	"max_withdrawal" numeric(78, 0) NOT NULL,
	"withdrawal_fee" numeric(78, 0) NOT NULL,
	"damage_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"game_coins_per_coin" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "crypto_pairs_coin_network_pk" PRIMARY KEY("coin","network"),
	CONSTRAINT "crypto_pairs_terms" CHECK ("crypto_pairs"."decimals" BETWEEN 0 AND 36 AND "crypto_pairs"."confirmations" >= 0 AND "crypto_pairs"."min_deposit" >= 0
        AND "crypto_pairs"."min_withdrawal" > "crypto_pairs"."withdrawal_fee" AND "crypto_pairs"."max_withdrawal" >= "crypto_pairs"."min_withdrawal"
        AND "crypto_pairs"."withdrawal_fee" >= 0 AND "crypto_pairs"."damage_rate_basis_points" BETWEEN 0 AND 10000
        AND "crypto_pairs"."game_coins_per_coin" ~ '^[0-9]{1,30}([.][0-9]{1,18})?$')
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "bank_card_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "bank_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "branch_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "account_holder" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "payout_yen" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "method" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "coin" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "crypto_gross" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "network_fee" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "game_coins_per_coin" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "damage_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "crypto_deposit_addresses" ADD CONSTRAINT "crypto_deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_sim_transactions_address_idx" ON "chain_sim_transactions" USING btree ("network","to_address");--> statement-breakpoint
CREATE INDEX "chain_sim_transactions_height_idx" ON "chain_sim_transactions" USING btree ("network","block_height");--> statement-breakpoint
CREATE INDEX "crypto_deposits_user_idx" ON "crypto_deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "crypto_deposits_confirming_idx" ON "crypto_deposits" USING btree ("network") WHERE "crypto_deposits"."status" = 'confirming';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method_details" CHECK (("withdrawals"."method" = 'bank' AND "withdrawals"."bank_card_id" IS NOT NULL AND "withdrawals"."bank_code" IS NOT NULL
          AND "withdrawals"."branch_code" IS NOT NULL AND "withdrawals"."account_number" IS NOT NULL
          AND "withdrawals"."account_holder" IS NOT NULL AND "withdrawals"."payout_yen" IS NOT NULL)
        OR ("withdrawals"."method" = 'crypto' AND "withdrawals"."coin" IS NOT NULL AND "withdrawals"."network" IS NOT NULL
          AND "withdrawals"."address" IS NOT NULL AND "withdrawals"."crypto_gross" > "withdrawals"."network_fee"
          AND "withdrawals"."network_fee" >= 0 AND "withdrawals"."game_coins_per_coin" IS NOT NULL
          AND "withdrawals"."damage_rate_basis_points" IS NOT NULL));--> statement-breakpoint
-- Hand-written: the pairs the hall accepts at first, amounts in base units (USDT 6 decimals, ETH 18).
INSERT INTO "crypto_pairs" ("coin", "network", "name", "decimals", "deposit_enabled", "withdrawal_enabled", "min_deposit", "confirmations", "min_withdrawal", "max_withdrawal", "withdrawal_fee", "damage_rate_basis_points", "game_coins_per_coin", "position") VALUES
  ('USDT', 'TRC20', 'Tether USD', 6, true, true, 10000000, 19, 20000000, 10000000000, 1000000, 0, '150', 1),
  ('USDT', 'ERC20', 'Tether USD', 6, true, true, 20000000, 12, 50000000, 10000000000, 5000000, 0, '150', 2),
  ('ETH', 'ERC20', 'Ether', 18, true, true, 5000000000000000, 12, 20000000000000000, 5000000000000000000, 2000000000000000, 0, '450000', 3)
ON CONFLICT DO NOTHING;
