CREATE TABLE "job_records" (
	"company_id" bigint NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"result" jsonb,
	"file" text,
	"file_name" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_records_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "job_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "auto_sms_rules" (
	"company_id" bigint NOT NULL,
	"rule" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sender" text,
	"days" integer DEFAULT 3 NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_sms_rules_company_id_rule_pk" PRIMARY KEY("company_id","rule")
);
--> statement-breakpoint
ALTER TABLE "auto_sms_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sms_accounts" (
	"company_id" bigint NOT NULL,
	"monthly_limit" integer DEFAULT 500 NOT NULL,
	"bonus_total" integer DEFAULT 0 NOT NULL,
	"bonus_used" integer DEFAULT 0 NOT NULL,
	"callback_secret" text NOT NULL,
	"own_provider" text,
	"own_credentials" jsonb,
	"sender" text,
	"teachers_may_send" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_accounts_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "sms_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint,
	"user_id" bigint,
	"lead_id" bigint,
	"recipient" text NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"parts" integer NOT NULL,
	"alphabet" text NOT NULL,
	"kind" text NOT NULL,
	"rule" text,
	"template_id" bigint,
	"sender" text,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"paid_from" text,
	"provider_message_id" text,
	"state" text DEFAULT 'stored' NOT NULL,
	"error" text,
	"natural_key" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"state_at" timestamp with time zone,
	CONSTRAINT "sms_messages_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "sms_messages_company_id_natural_key_unique" UNIQUE("company_id","natural_key")
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sms_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "sms_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "telegram_reports" (
	"company_id" bigint NOT NULL,
	"day" date NOT NULL,
	"chat_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_reports_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
ALTER TABLE "telegram_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reminder_tags" (
	"company_id" bigint NOT NULL,
	"reminder_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "reminder_tags_company_id_reminder_id_tag_id_pk" PRIMARY KEY("company_id","reminder_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "reminder_tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reminders" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint,
	"title" text NOT NULL,
	"description" text,
	"due_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"assigned_to" bigint,
	"created_by" bigint,
	"result_comment" text,
	"student_id" bigint,
	"lead_id" bigint,
	"group_id" bigint,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "reminders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "telegram_report_id" text;--> statement-breakpoint
ALTER TABLE "job_records" ADD CONSTRAINT "job_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_sms_rules" ADD CONSTRAINT "auto_sms_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_accounts" ADD CONSTRAINT "sms_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_company_id_lead_id_leads_company_id_id_fk" FOREIGN KEY ("company_id","lead_id") REFERENCES "public"."leads"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_reports" ADD CONSTRAINT "telegram_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_tags" ADD CONSTRAINT "reminder_tags_company_id_reminder_id_reminders_company_id_id_fk" FOREIGN KEY ("company_id","reminder_id") REFERENCES "public"."reminders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_tags" ADD CONSTRAINT "reminder_tags_company_id_tag_id_tags_company_id_id_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."tags"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_company_id_assigned_to_users_company_id_id_fk" FOREIGN KEY ("company_id","assigned_to") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_company_id_lead_id_leads_company_id_id_fk" FOREIGN KEY ("company_id","lead_id") REFERENCES "public"."leads"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_records_company_id_created_at_index" ON "job_records" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_company_id_created_at_index" ON "sms_messages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_company_id_user_id_created_at_index" ON "sms_messages" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_company_id_provider_message_id_index" ON "sms_messages" USING btree ("company_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "reminders_company_id_status_due_at_index" ON "reminders" USING btree ("company_id","status","due_at");--> statement-breakpoint
CREATE INDEX "reminders_company_id_assigned_to_status_due_at_index" ON "reminders" USING btree ("company_id","assigned_to","status","due_at");--> statement-breakpoint
CREATE INDEX "reminders_company_id_student_id_index" ON "reminders" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE INDEX "reminders_company_id_lead_id_index" ON "reminders" USING btree ("company_id","lead_id");--> statement-breakpoint
CREATE INDEX "reminders_company_id_group_id_index" ON "reminders" USING btree ("company_id","group_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "job_records" AS PERMISSIVE FOR ALL TO "app_user" USING ("job_records"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("job_records"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "auto_sms_rules" AS PERMISSIVE FOR ALL TO "app_user" USING ("auto_sms_rules"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("auto_sms_rules"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sms_accounts" AS PERMISSIVE FOR ALL TO "app_user" USING ("sms_accounts"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("sms_accounts"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sms_messages" AS PERMISSIVE FOR ALL TO "app_user" USING ("sms_messages"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("sms_messages"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sms_templates" AS PERMISSIVE FOR ALL TO "app_user" USING ("sms_templates"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("sms_templates"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "telegram_reports" AS PERMISSIVE FOR ALL TO "app_user" USING ("telegram_reports"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("telegram_reports"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "reminder_tags" AS PERMISSIVE FOR ALL TO "app_user" USING ("reminder_tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("reminder_tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "reminders" AS PERMISSIVE FOR ALL TO "app_user" USING ("reminders"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("reminders"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);