-- From here on the current source of every SQL function is its file in server/db/functions, applied
-- after the migrations (server/db/sql-functions.ts), which records here what it applied. A
-- migration only drops a function whose signature changes, or creates a trigger's placeholder.
CREATE TABLE "sql_function_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"source_sha256" text NOT NULL,
	"catalog_rows" text NOT NULL,
	"checked_after_migration" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
