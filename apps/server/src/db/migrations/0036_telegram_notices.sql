CREATE TABLE "telegram_notices" (
	"company_id" bigint NOT NULL,
	"notice_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_notices_company_id_notice_key_user_id_pk" PRIMARY KEY("company_id","notice_key","user_id")
);
--> statement-breakpoint
ALTER TABLE "telegram_notices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "telegram_notices" ADD CONSTRAINT "telegram_notices_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "telegram_notices" AS PERMISSIVE FOR ALL TO "app_user" USING ("telegram_notices"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("telegram_notices"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);