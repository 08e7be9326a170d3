CREATE TABLE "station_letter_reads" (
	"letter_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "station_letter_reads_letter_id_user_id_pk" PRIMARY KEY("letter_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "station_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title" jsonb,
	"body" jsonb,
	"event_key" text NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "station_letters_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "station_letters_addressee" CHECK (("station_letters"."audience" = 'player') = ("station_letters"."user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "station_letter_reads" ADD CONSTRAINT "station_letter_reads_letter_id_station_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."station_letters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_letter_reads" ADD CONSTRAINT "station_letter_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_letters" ADD CONSTRAINT "station_letters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_letters" ADD CONSTRAINT "station_letters_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "station_letters_user_idx" ON "station_letters" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "station_letters_broadcast_idx" ON "station_letters" USING btree ("audience","sent_at") WHERE "station_letters"."user_id" is null;