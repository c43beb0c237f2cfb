CREATE TABLE "meeting_joins" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"lesson_date" date NOT NULL,
	"user_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_joins_company_id_group_id_lesson_date_user_id_pk" PRIMARY KEY("company_id","group_id","lesson_date","user_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_joins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "meeting_settings" (
	"company_id" bigint NOT NULL,
	"server_url" text,
	"app_id" text,
	"app_secret" text,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_settings_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "meeting_joins" ADD CONSTRAINT "meeting_joins_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_joins" ADD CONSTRAINT "meeting_joins_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_settings" ADD CONSTRAINT "meeting_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "meeting_joins" AS PERMISSIVE FOR ALL TO "app_user" USING ("meeting_joins"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("meeting_joins"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "meeting_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("meeting_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("meeting_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);