CREATE TABLE "grade_settings" (
	"company_id" bigint NOT NULL,
	"max_score" smallint NOT NULL,
	"aggregate_by_month" boolean NOT NULL,
	"calculate_average" boolean NOT NULL,
	"allow_past_dates" boolean NOT NULL,
	"allow_non_teachers" boolean NOT NULL,
	"rating_in_profile" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_settings_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "grade_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "grades" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"lesson_date" date NOT NULL,
	"score" smallint NOT NULL,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_company_id_group_id_student_id_lesson_date_pk" PRIMARY KEY("company_id","group_id","student_id","lesson_date")
);
--> statement-breakpoint
ALTER TABLE "grades" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "grade_settings" ADD CONSTRAINT "grade_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grades_company_id_student_id_lesson_date_index" ON "grades" USING btree ("company_id","student_id","lesson_date");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "grade_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("grade_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("grade_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "grades" AS PERMISSIVE FOR ALL TO "app_user" USING ("grades"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("grades"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);