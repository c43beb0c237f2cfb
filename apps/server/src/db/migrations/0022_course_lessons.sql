CREATE TABLE "course_lessons" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "course_lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"group_id" bigint,
	"after_lesson_id" bigint,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"video_kind" text DEFAULT 'none' NOT NULL,
	"video_file_id" bigint,
	"video_url" text,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"homework_text" text,
	"homework_due_days" smallint,
	"homework_answer" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_lessons_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "course_lessons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "group_lesson_settings" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"open_all" boolean NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_lesson_settings_company_id_group_id_pk" PRIMARY KEY("company_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "group_lesson_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "homework_answers" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"lesson_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_mime" text,
	"file_size" bigint,
	"submitted_at" timestamp with time zone NOT NULL,
	"late" boolean NOT NULL,
	"score" smallint,
	"scale" smallint,
	"comment" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "homework_answers_company_id_group_id_lesson_id_student_id_pk" PRIMARY KEY("company_id","group_id","lesson_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "homework_answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_company_id_course_id_courses_company_id_id_fk" FOREIGN KEY ("company_id","course_id") REFERENCES "public"."courses"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lesson_settings" ADD CONSTRAINT "group_lesson_settings_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_company_id_lesson_id_course_lessons_company_id_id_fk" FOREIGN KEY ("company_id","lesson_id") REFERENCES "public"."course_lessons"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_answers" ADD CONSTRAINT "homework_answers_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_lessons_company_id_course_id_position_index" ON "course_lessons" USING btree ("company_id","course_id","position");--> statement-breakpoint
CREATE INDEX "course_lessons_company_id_group_id_index" ON "course_lessons" USING btree ("company_id","group_id");--> statement-breakpoint
CREATE INDEX "homework_answers_company_id_student_id_index" ON "homework_answers" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "course_lessons" AS PERMISSIVE FOR ALL TO "app_user" USING ("course_lessons"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("course_lessons"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "group_lesson_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("group_lesson_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("group_lesson_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "homework_answers" AS PERMISSIVE FOR ALL TO "app_user" USING ("homework_answers"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("homework_answers"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);