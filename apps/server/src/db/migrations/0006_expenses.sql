CREATE TABLE "expense_types" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "expense_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_types_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "expense_types" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "expenses" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "expenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint NOT NULL,
	"category" text,
	"type_id" bigint,
	"amount" bigint NOT NULL,
	"expense_date" date NOT NULL,
	"method" text NOT NULL,
	"payee" text,
	"payee_user_id" bigint,
	"comment" text,
	"entry_id" bigint,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "expenses_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_one_category" CHECK (("expenses"."category" is null) <> ("expenses"."type_id" is null))
);
--> statement-breakpoint
ALTER TABLE "expenses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_type_id_expense_types_company_id_id_fk" FOREIGN KEY ("company_id","type_id") REFERENCES "public"."expense_types"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_payee_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","payee_user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_entry_id_ledger_entries_company_id_id_fk" FOREIGN KEY ("company_id","entry_id") REFERENCES "public"."ledger_entries"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_types_name" ON "expense_types" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "expenses_company_id_branch_id_expense_date_index" ON "expenses" USING btree ("company_id","branch_id","expense_date");--> statement-breakpoint
CREATE INDEX "expenses_company_id_type_id_index" ON "expenses" USING btree ("company_id","type_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "expense_types" AS PERMISSIVE FOR ALL TO "app_user" USING ("expense_types"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("expense_types"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "expenses" AS PERMISSIVE FOR ALL TO "app_user" USING ("expenses"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("expenses"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- An expense is never removed: a delete reverses its ledger entry and stamps deleted_at (ARCHITECTURE.md "Money").
REVOKE DELETE ON "expenses" FROM "app_user";
