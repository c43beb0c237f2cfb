CREATE TABLE "attendance_summaries" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"month" date NOT NULL,
	"student_id" bigint NOT NULL,
	"visits" integer NOT NULL,
	"absents" integer NOT NULL,
	"present_days" integer NOT NULL,
	"absent_days" integer NOT NULL,
	CONSTRAINT "attendance_summaries_company_id_group_id_month_student_id_pk" PRIMARY KEY("company_id","group_id","month","student_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_summaries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attendance_summaries" ADD CONSTRAINT "attendance_summaries_group_student_fk" FOREIGN KEY ("company_id","group_id","student_id") REFERENCES "public"."group_students"("company_id","group_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "attendance_summaries" AS PERMISSIVE FOR ALL TO "app_user" USING ("attendance_summaries"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("attendance_summaries"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- Backfill from the marks already kept: the same statement as summariseAllMarks (modules/lessons/attendance-summary.ts).
INSERT INTO "attendance_summaries" ("company_id", "group_id", "month", "student_id", "visits", "absents", "present_days", "absent_days")
SELECT a.company_id, a.group_id, a.attend_date - (extract(day from a.attend_date)::int - 1), a.student_id,
  count(*) filter (where a.status = 1)::int,
  count(*) filter (where a.status <> 1)::int,
  coalesce(bit_or(1 << (extract(day from a.attend_date)::int - 1)) filter (where a.status = 1), 0),
  coalesce(bit_or(1 << (extract(day from a.attend_date)::int - 1)) filter (where a.status <> 1), 0)
FROM "attendances" a
GROUP BY a.company_id, a.group_id, 3, a.student_id;
