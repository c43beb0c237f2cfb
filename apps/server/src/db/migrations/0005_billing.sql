CREATE TABLE "billing_runs" (
	"company_id" bigint NOT NULL,
	"run_date" date NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"groups_done" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "billing_runs_company_id_run_date_pk" PRIMARY KEY("company_id","run_date")
);
--> statement-breakpoint
ALTER TABLE "billing_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "group_student_status_changes" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "group_student_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"effective_date" date,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_student_status_changes_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "group_student_status_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_student_status_changes" ADD CONSTRAINT "group_student_status_changes_place_fk" FOREIGN KEY ("company_id","group_id","student_id") REFERENCES "public"."group_students"("company_id","group_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_student_status_changes_company_id_group_id_student_id_index" ON "group_student_status_changes" USING btree ("company_id","group_id","student_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "billing_runs" AS PERMISSIVE FOR ALL TO "app_user" USING ("billing_runs"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("billing_runs"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "group_student_status_changes" AS PERMISSIVE FOR ALL TO "app_user" USING ("group_student_status_changes"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("group_student_status_changes"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- The status timeline of docs/billing.md: every change of a student's status in a group is
-- recorded by the database itself, whichever code path makes it. Archiving names its day
-- (left_date); any other change takes effect on the company-local day of app.now (a
-- transaction acting at another instant, e.g. under a test clock, sets it), else of now().
CREATE FUNCTION record_group_student_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO group_student_status_changes
    (company_id, group_id, student_id, from_status, to_status, effective_date, changed_at)
  VALUES (
    NEW.company_id, NEW.group_id, NEW.student_id, OLD.status, NEW.status,
    CASE WHEN NEW.status = 6 THEN NEW.left_date END,
    coalesce(nullif(current_setting('app.now', true), '')::timestamptz, now())
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_students_status_change AFTER UPDATE OF status ON group_students
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION record_group_student_status_change();
--> statement-breakpoint
-- The status timeline is a record, not a working table: the application only appends to it.
REVOKE UPDATE ON "group_student_status_changes" FROM "app_user";
