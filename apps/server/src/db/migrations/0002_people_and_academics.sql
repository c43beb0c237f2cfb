-- Trigram indexes below serve substring search of names and phones within one company (spec §7 name_or_phone).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE "archive_reasons" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "archive_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archive_reasons_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "archive_reasons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "group_tags" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "group_tags_company_id_group_id_tag_id_pk" PRIMARY KEY("company_id","group_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "group_tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "holidays" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "holidays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "holidays_company_id_date_unique" UNIQUE("company_id","date")
);
--> statement-breakpoint
ALTER TABLE "holidays" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tags" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "tags_company_id_type_name_unique" UNIQUE("company_id","type","name")
);
--> statement-breakpoint
ALTER TABLE "tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_tags" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "user_tags_company_id_user_id_tag_id_pk" PRIMARY KEY("company_id","user_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "user_tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "course_files" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "course_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"folder_id" bigint NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_files_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "course_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "course_folders" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "course_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_folders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "course_folders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "courses" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"lesson_duration" integer NOT NULL,
	"duration_months" integer,
	"exam_duration" integer,
	"lessons_per_module" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "courses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "group_comments" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "group_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"student_id" bigint,
	"author_id" bigint,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_comments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "group_comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "group_students" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"created_date" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"left_date" date,
	"archive_reason_id" bigint,
	"archive_comment" text,
	"exception_sum" bigint,
	"exception_sum_reason" text,
	"exception_sum_start_date" date,
	"exception_sum_end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_students_company_id_group_id_student_id_pk" PRIMARY KEY("company_id","group_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "group_students" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "groups" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"room_id" bigint,
	"name" text,
	"code" text NOT NULL,
	"order_number" integer NOT NULL,
	"day_type" text NOT NULL,
	"days" smallint[] NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"selection_start_date" date,
	"selection_end_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"type" text,
	"is_corporate" boolean DEFAULT false NOT NULL,
	"corporate_salary" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_comments" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "user_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"author_id" bigint,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_comments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "user_comments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extra_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "telegram" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "passport_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ext_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offer_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_tags" ADD CONSTRAINT "group_tags_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_tags" ADD CONSTRAINT "group_tags_company_id_tag_id_tags_company_id_id_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."tags"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_company_id_tag_id_tags_company_id_id_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."tags"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_company_id_folder_id_course_folders_company_id_id_fk" FOREIGN KEY ("company_id","folder_id") REFERENCES "public"."course_folders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_company_id_uploaded_by_users_company_id_id_fk" FOREIGN KEY ("company_id","uploaded_by") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_folders" ADD CONSTRAINT "course_folders_company_id_course_id_courses_company_id_id_fk" FOREIGN KEY ("company_id","course_id") REFERENCES "public"."courses"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_company_id_parent_id_courses_company_id_id_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."courses"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_comments" ADD CONSTRAINT "group_comments_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_students" ADD CONSTRAINT "group_students_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_students" ADD CONSTRAINT "group_students_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_id_course_id_courses_company_id_id_fk" FOREIGN KEY ("company_id","course_id") REFERENCES "public"."courses"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_id_teacher_id_users_company_id_id_fk" FOREIGN KEY ("company_id","teacher_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_id_room_id_rooms_company_id_id_fk" FOREIGN KEY ("company_id","room_id") REFERENCES "public"."rooms"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_comments" ADD CONSTRAINT "user_comments_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_tags_company_id_tag_id_index" ON "group_tags" USING btree ("company_id","tag_id");--> statement-breakpoint
CREATE INDEX "user_tags_company_id_tag_id_index" ON "user_tags" USING btree ("company_id","tag_id");--> statement-breakpoint
CREATE INDEX "course_files_company_id_folder_id_index" ON "course_files" USING btree ("company_id","folder_id");--> statement-breakpoint
CREATE INDEX "course_folders_company_id_course_id_index" ON "course_folders" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE INDEX "courses_company_id_parent_id_index" ON "courses" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE INDEX "group_comments_company_id_group_id_index" ON "group_comments" USING btree ("company_id","group_id");--> statement-breakpoint
CREATE INDEX "group_students_company_id_student_id_index" ON "group_students" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE INDEX "group_students_company_id_group_id_status_index" ON "group_students" USING btree ("company_id","group_id","status");--> statement-breakpoint
CREATE INDEX "groups_company_id_branch_id_status_index" ON "groups" USING btree ("company_id","branch_id","status");--> statement-breakpoint
CREATE INDEX "groups_company_id_teacher_id_index" ON "groups" USING btree ("company_id","teacher_id");--> statement-breakpoint
CREATE INDEX "groups_company_id_room_id_index" ON "groups" USING btree ("company_id","room_id");--> statement-breakpoint
CREATE INDEX "groups_company_id_course_id_index" ON "groups" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE INDEX "user_comments_company_id_user_id_index" ON "user_comments" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "users_company_id_ext_id_index" ON "users" USING btree ("company_id","ext_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("company_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm" ON "users" USING gin ("company_id","phone" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "archive_reasons" AS PERMISSIVE FOR ALL TO "app_user" USING ("archive_reasons"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("archive_reasons"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "group_tags" AS PERMISSIVE FOR ALL TO "app_user" USING ("group_tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("group_tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "holidays" AS PERMISSIVE FOR ALL TO "app_user" USING ("holidays"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("holidays"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tags" AS PERMISSIVE FOR ALL TO "app_user" USING ("tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "user_tags" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("user_tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "course_files" AS PERMISSIVE FOR ALL TO "app_user" USING ("course_files"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("course_files"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "course_folders" AS PERMISSIVE FOR ALL TO "app_user" USING ("course_folders"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("course_folders"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "courses" AS PERMISSIVE FOR ALL TO "app_user" USING ("courses"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("courses"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "group_comments" AS PERMISSIVE FOR ALL TO "app_user" USING ("group_comments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("group_comments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "group_students" AS PERMISSIVE FOR ALL TO "app_user" USING ("group_students"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("group_students"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "groups" AS PERMISSIVE FOR ALL TO "app_user" USING ("groups"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("groups"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "user_comments" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_comments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("user_comments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);