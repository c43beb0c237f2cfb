CREATE TABLE "salary_calculations" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "salary_calculations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"month" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"amount" bigint NOT NULL,
	"lesson_count" integer NOT NULL,
	"student_count" integer NOT NULL,
	"unsettled_group_ids" bigint[] DEFAULT '{}' NOT NULL,
	"inputs_hash" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"calculated_by" bigint,
	"published_at" timestamp with time zone,
	"published_by" bigint,
	"entry_id" bigint,
	CONSTRAINT "salary_calculations_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "salary_calculations_status" CHECK ("salary_calculations"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "salary_calculations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "salary_lines" (
	"company_id" bigint NOT NULL,
	"calculation_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"base" text NOT NULL,
	"group_id" bigint NOT NULL,
	"student_id" bigint,
	"lesson_dates" date[] NOT NULL,
	"held_lessons" integer NOT NULL,
	"rate" bigint,
	"percent_bp" integer,
	"payment_entry_id" bigint,
	"payment_amount" bigint,
	"payment_date" date,
	"amount" bigint NOT NULL,
	CONSTRAINT "salary_lines_company_id_calculation_id_position_pk" PRIMARY KEY("company_id","calculation_id","position")
);
--> statement-breakpoint
ALTER TABLE "salary_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "teacher_salary_settings" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "teacher_salary_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"teacher_id" bigint,
	"course_id" bigint,
	"type" text NOT NULL,
	"base" text NOT NULL,
	"amount" bigint,
	"percent_bp" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_salary_settings_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "teacher_salary_settings_value" CHECK (("teacher_salary_settings"."type" = 'fixed' and "teacher_salary_settings"."amount" > 0 and "teacher_salary_settings"."percent_bp" is null)
        or ("teacher_salary_settings"."type" = 'percentage' and "teacher_salary_settings"."percent_bp" between 1 and 10000 and "teacher_salary_settings"."amount" is null))
);
--> statement-breakpoint
ALTER TABLE "teacher_salary_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "salary_calculations" ADD CONSTRAINT "salary_calculations_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_calculations" ADD CONSTRAINT "salary_calculations_company_id_teacher_id_users_company_id_id_fk" FOREIGN KEY ("company_id","teacher_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_calculations" ADD CONSTRAINT "salary_calculations_company_id_entry_id_ledger_entries_company_id_id_fk" FOREIGN KEY ("company_id","entry_id") REFERENCES "public"."ledger_entries"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_lines" ADD CONSTRAINT "salary_lines_company_id_calculation_id_salary_calculations_company_id_id_fk" FOREIGN KEY ("company_id","calculation_id") REFERENCES "public"."salary_calculations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_salary_settings" ADD CONSTRAINT "teacher_salary_settings_company_id_teacher_id_users_company_id_id_fk" FOREIGN KEY ("company_id","teacher_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_salary_settings" ADD CONSTRAINT "teacher_salary_settings_company_id_course_id_courses_company_id_id_fk" FOREIGN KEY ("company_id","course_id") REFERENCES "public"."courses"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "salary_calculations_month" ON "salary_calculations" USING btree ("company_id","branch_id","month","teacher_id");--> statement-breakpoint
CREATE INDEX "salary_calculations_company_id_teacher_id_month_index" ON "salary_calculations" USING btree ("company_id","teacher_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_salary_settings_scope" ON "teacher_salary_settings" USING btree ("company_id",coalesce("teacher_id", 0),coalesce("course_id", 0));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "salary_calculations" AS PERMISSIVE FOR ALL TO "app_user" USING ("salary_calculations"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("salary_calculations"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "salary_lines" AS PERMISSIVE FOR ALL TO "app_user" USING ("salary_lines"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("salary_lines"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "teacher_salary_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("teacher_salary_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("teacher_salary_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);