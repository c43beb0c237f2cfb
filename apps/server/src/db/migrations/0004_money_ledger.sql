CREATE TABLE "idempotency_keys" (
	"company_id" bigint NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"entry_date" date NOT NULL,
	"student_id" bigint,
	"group_id" bigint,
	"method" text,
	"comment" text,
	"cause" text,
	"cause_id" bigint,
	"natural_key" text,
	"reverses_id" bigint,
	"reason" text,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_natural_key" ON "ledger_entries" USING btree ("company_id","natural_key") WHERE "ledger_entries"."natural_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses" ON "ledger_entries" USING btree ("company_id","reverses_id") WHERE "ledger_entries"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_company_id_student_id_entry_date_index" ON "ledger_entries" USING btree ("company_id","student_id","entry_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_company_id_branch_id_kind_entry_date_index" ON "ledger_entries" USING btree ("company_id","branch_id","kind","entry_date");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "idempotency_keys" AS PERMISSIVE FOR ALL TO "app_user" USING ("idempotency_keys"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("idempotency_keys"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ledger_entries" AS PERMISSIVE FOR ALL TO "app_user" USING ("ledger_entries"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("ledger_entries"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- The ledger is append-only for the application: corrections are reversing rows (ARCHITECTURE.md "Money").
REVOKE UPDATE, DELETE ON "ledger_entries" FROM "app_user";
