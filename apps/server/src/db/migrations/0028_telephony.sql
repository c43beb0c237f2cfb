CREATE TABLE "telephony_accounts" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "telephony_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint,
	"domain" text NOT NULL,
	"key_sealed" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_accounts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "telephony_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "telephony_extensions" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"extension" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_extensions_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "telephony_extensions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "telephony_accounts" ADD CONSTRAINT "telephony_accounts_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_extensions" ADD CONSTRAINT "telephony_extensions_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_extensions" ADD CONSTRAINT "telephony_extensions_company_id_account_id_telephony_accounts_company_id_id_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."telephony_accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telephony_accounts_branch" ON "telephony_accounts" USING btree ("company_id",coalesce("branch_id", 0));--> statement-breakpoint
CREATE INDEX "telephony_extensions_by_account" ON "telephony_extensions" USING btree ("company_id","account_id","extension");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "telephony_accounts" AS PERMISSIVE FOR ALL TO "app_user" USING ("telephony_accounts"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("telephony_accounts"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "telephony_extensions" AS PERMISSIVE FOR ALL TO "app_user" USING ("telephony_extensions"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("telephony_extensions"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);