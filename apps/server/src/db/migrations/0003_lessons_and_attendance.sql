CREATE TABLE "attendances" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"attend_date" date NOT NULL,
	"student_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"marked_by" bigint,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendances_company_id_group_id_attend_date_student_id_pk" PRIMARY KEY("company_id","group_id","attend_date","student_id")
);
--> statement-breakpoint
ALTER TABLE "attendances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "group_past_teachers" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"till_date" date NOT NULL,
	"teacher_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_past_teachers_company_id_group_id_till_date_pk" PRIMARY KEY("company_id","group_id","till_date")
);
--> statement-breakpoint
ALTER TABLE "group_past_teachers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lessons" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"scheduled_date" date NOT NULL,
	"theme" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"moved_date" date,
	"moved_start_time" time,
	"moved_end_time" time,
	"teacher_id" bigint,
	"room_id" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_company_id_group_id_scheduled_date_pk" PRIMARY KEY("company_id","group_id","scheduled_date")
);
--> statement-breakpoint
ALTER TABLE "lessons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_group_student_fk" FOREIGN KEY ("company_id","group_id","student_id") REFERENCES "public"."group_students"("company_id","group_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_past_teachers" ADD CONSTRAINT "group_past_teachers_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_past_teachers" ADD CONSTRAINT "group_past_teachers_company_id_teacher_id_users_company_id_id_fk" FOREIGN KEY ("company_id","teacher_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_company_id_group_id_groups_company_id_id_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_company_id_teacher_id_users_company_id_id_fk" FOREIGN KEY ("company_id","teacher_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_company_id_room_id_rooms_company_id_id_fk" FOREIGN KEY ("company_id","room_id") REFERENCES "public"."rooms"("company_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendances_company_id_student_id_attend_date_index" ON "attendances" USING btree ("company_id","student_id","attend_date");--> statement-breakpoint
CREATE INDEX "group_past_teachers_company_id_teacher_id_index" ON "group_past_teachers" USING btree ("company_id","teacher_id");--> statement-breakpoint
CREATE INDEX "lessons_company_id_moved_date_index" ON "lessons" USING btree ("company_id","moved_date");--> statement-breakpoint
CREATE INDEX "lessons_company_id_teacher_id_index" ON "lessons" USING btree ("company_id","teacher_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "attendances" AS PERMISSIVE FOR ALL TO "app_user" USING ("attendances"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("attendances"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "group_past_teachers" AS PERMISSIVE FOR ALL TO "app_user" USING ("group_past_teachers"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("group_past_teachers"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lessons" AS PERMISSIVE FOR ALL TO "app_user" USING ("lessons"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("lessons"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);