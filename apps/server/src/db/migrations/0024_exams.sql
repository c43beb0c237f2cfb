CREATE TABLE "exam_questions" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "exam_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"points" smallint DEFAULT 1 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_questions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "exam_questions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exam_results" (
	"company_id" bigint NOT NULL,
	"exam_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"ball" numeric(4, 1),
	"started_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"questions" jsonb,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"points" integer,
	"max_points" integer,
	"graded_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_results_company_id_exam_id_student_id_pk" PRIMARY KEY("company_id","exam_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "exam_results" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exams" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"module" smallint,
	"duration_minutes" integer,
	"question_count" integer,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "exams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_company_id_course_id_courses_company_id_id_fk" FOREIGN KEY ("company_id","course_id") REFERENCES "public"."courses"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_results" ADD CONSTRAINT "exam_results_company_id_exam_id_exams_company_id_id_fk" FOREIGN KEY ("company_id","exam_id") REFERENCES "public"."exams"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_results" ADD CONSTRAINT "exam_results_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_questions_company_id_course_id_index" ON "exam_questions" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE INDEX "exam_results_company_id_student_id_index" ON "exam_results" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE INDEX "exams_company_id_group_id_date_index" ON "exams" USING btree ("company_id","group_id","date");--> statement-breakpoint
CREATE INDEX "exams_company_id_date_index" ON "exams" USING btree ("company_id","date");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_questions" AS PERMISSIVE FOR ALL TO "app_user" USING ("exam_questions"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("exam_questions"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exam_results" AS PERMISSIVE FOR ALL TO "app_user" USING ("exam_results"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("exam_results"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exams" AS PERMISSIVE FOR ALL TO "app_user" USING ("exams"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("exams"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);