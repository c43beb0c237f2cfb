CREATE TABLE "workly_bindings" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"workly_employee_id" text NOT NULL,
	"bound_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workly_bindings_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "workly_bindings_company_id_workly_employee_id_unique" UNIQUE("company_id","workly_employee_id")
);
--> statement-breakpoint
ALTER TABLE "workly_bindings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "licence_ends_on" date;--> statement-breakpoint
ALTER TABLE "workly_bindings" ADD CONSTRAINT "workly_bindings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_events_company_id_actor_id_created_at_index" ON "history_events" USING btree ("company_id","actor_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "workly_bindings" AS PERMISSIVE FOR ALL TO "app_user" USING ("workly_bindings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("workly_bindings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);