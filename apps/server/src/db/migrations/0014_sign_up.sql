CREATE TABLE "password_reset_codes" (
	"company_id" bigint NOT NULL,
	"id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	CONSTRAINT "password_reset_codes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "platform_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"login" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"last_totp_step" bigint,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_accounts_login_unique" UNIQUE("login")
);
--> statement-breakpoint
ALTER TABLE "platform_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "platform_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint,
	"action" text NOT NULL,
	"target_company_id" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "platform_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sign_up_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"phone_key" text NOT NULL,
	"subdomain" text NOT NULL,
	"form" jsonb NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_company_id" bigint,
	"handoff_hash" text,
	"handoff_expires_at" timestamp with time zone,
	"handoff_used_at" timestamp with time zone,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_up_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "start_of_working_day" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "end_of_working_day" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lead_about" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "backgrounds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_audit_log" ADD CONSTRAINT "platform_audit_log_account_id_platform_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."platform_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_sessions" ADD CONSTRAINT "platform_sessions_account_id_platform_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."platform_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_codes_company_id_phone_sent_at_index" ON "password_reset_codes" USING btree ("company_id","phone","sent_at");--> statement-breakpoint
CREATE INDEX "platform_audit_log_at_index" ON "platform_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "platform_audit_log_target_company_id_at_index" ON "platform_audit_log" USING btree ("target_company_id","at");--> statement-breakpoint
CREATE INDEX "platform_sessions_account_id_index" ON "platform_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_up_requests_ip_created_at_index" ON "sign_up_requests" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sign_up_requests_phone_key_created_at_index" ON "sign_up_requests" USING btree ("phone_key","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "password_reset_codes" AS PERMISSIVE FOR ALL TO "app_user" USING ("password_reset_codes"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("password_reset_codes"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);