CREATE TABLE "telephony_calls" (
	"company_id" bigint NOT NULL,
	"uuid" text NOT NULL,
	"account_id" bigint,
	"type" text NOT NULL,
	"raw_number" text NOT NULL,
	"number" text NOT NULL,
	"extension" text,
	"user_id" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"has_record" boolean DEFAULT false NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_calls_company_id_uuid_pk" PRIMARY KEY("company_id","uuid")
);
--> statement-breakpoint
ALTER TABLE "telephony_calls" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "telephony_calls" ADD CONSTRAINT "telephony_calls_company_id_account_id_telephony_accounts_company_id_id_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."telephony_accounts"("company_id","id") ON DELETE set null ("account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_calls" ADD CONSTRAINT "telephony_calls_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE set null ("user_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telephony_calls_by_time" ON "telephony_calls" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "telephony_calls_by_number" ON "telephony_calls" USING btree ("company_id","number","started_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "telephony_calls" AS PERMISSIVE FOR ALL TO "app_user" USING ("telephony_calls"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("telephony_calls"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);