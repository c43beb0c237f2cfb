CREATE UNLOGGED TABLE "request_rates" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "request_rates_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "request_rates" ENABLE ROW LEVEL SECURITY;