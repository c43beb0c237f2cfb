CREATE TABLE "parent_students" (
	"company_id" bigint NOT NULL,
	"parent_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_students_company_id_parent_id_student_id_pk" PRIMARY KEY("company_id","parent_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "parent_students" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_company_id_parent_id_users_company_id_id_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_students_by_student" ON "parent_students" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "parent_students" AS PERMISSIVE FOR ALL TO "app_user" USING ("parent_students"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("parent_students"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- Issue 24: the parents the students already name become accounts — one per phone in a company, so siblings
-- share him — named as the students' records name him (the newest such record's name, else his phone).
INSERT INTO "users" ("company_id", "name", "phone", "roles")
SELECT s."company_id",
  coalesce(
    (select nullif(trim(n."parent_name"), '') from "users" n
      where n."company_id" = s."company_id" and n."parent_phone" = s."parent_phone" and 7 = any(n."roles")
        and nullif(trim(n."parent_name"), '') is not null
      order by n."id" desc limit 1),
    s."parent_phone"),
  s."parent_phone", ARRAY[12]::smallint[]
FROM (
  SELECT DISTINCT "company_id", "parent_phone" FROM "users"
  WHERE 7 = any("roles") AND "parent_phone" IS NOT NULL AND "parent_phone" <> ''
) s;
--> statement-breakpoint
INSERT INTO "parent_students" ("company_id", "parent_id", "student_id")
SELECT st."company_id", p."id", st."id"
FROM "users" st
JOIN "users" p ON p."company_id" = st."company_id" AND p."phone" = st."parent_phone" AND p."roles" = ARRAY[12]::smallint[]
WHERE 7 = any(st."roles") AND st."parent_phone" IS NOT NULL AND st."parent_phone" <> '';
