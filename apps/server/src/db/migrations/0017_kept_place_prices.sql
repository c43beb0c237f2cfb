CREATE TABLE "billing_input_versions" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "billing_input_versions_company_id_group_id_pk" PRIMARY KEY("company_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "billing_input_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "place_prices" (
	"company_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"priced_on" date NOT NULL,
	"settings" text NOT NULL,
	"group_version" bigint NOT NULL,
	"company_version" bigint NOT NULL,
	"lesson_price" bigint NOT NULL,
	"next_charge_date" date,
	"next_charge_amount" bigint,
	CONSTRAINT "place_prices_company_id_group_id_student_id_pk" PRIMARY KEY("company_id","group_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "place_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "place_prices" ADD CONSTRAINT "place_prices_place_fk" FOREIGN KEY ("company_id","group_id","student_id") REFERENCES "public"."group_students"("company_id","group_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "billing_input_versions" AS PERMISSIVE FOR ALL TO "app_user" USING ("billing_input_versions"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("billing_input_versions"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "place_prices" AS PERMISSIVE FOR ALL TO "app_user" USING ("place_prices"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("place_prices"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- A kept place price (decision 0029) holds only while its inputs are as they were: every
-- change of them bumps a version here, in the changing transaction, whichever code path
-- makes it. TG_ARGV[0] names the column holding the group id, or 'company' for inputs
-- every group of the company shares (recorded under group 0).
CREATE FUNCTION bump_billing_input_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := CASE TG_OP WHEN 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
  scope bigint := CASE TG_ARGV[0] WHEN 'company' THEN 0 ELSE (changed ->> TG_ARGV[0])::bigint END;
BEGIN
  INSERT INTO billing_input_versions (company_id, group_id, version)
  VALUES ((changed ->> 'company_id')::bigint, scope, 1)
  ON CONFLICT (company_id, group_id) DO UPDATE SET version = billing_input_versions.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A lesson row that only carries a theme, a substitute or a room changes no price.
CREATE TRIGGER lessons_billing_insert AFTER INSERT ON lessons FOR EACH ROW
  WHEN (NEW.cancelled_at IS NOT NULL OR NEW.moved_date IS NOT NULL)
  EXECUTE FUNCTION bump_billing_input_version('group_id');
--> statement-breakpoint
CREATE TRIGGER lessons_billing_update AFTER UPDATE ON lessons FOR EACH ROW
  WHEN (OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at OR OLD.moved_date IS DISTINCT FROM NEW.moved_date
    OR OLD.scheduled_date IS DISTINCT FROM NEW.scheduled_date OR OLD.group_id IS DISTINCT FROM NEW.group_id)
  EXECUTE FUNCTION bump_billing_input_version('group_id');
--> statement-breakpoint
CREATE TRIGGER lessons_billing_delete AFTER DELETE ON lessons FOR EACH ROW
  WHEN (OLD.cancelled_at IS NOT NULL OR OLD.moved_date IS NOT NULL)
  EXECUTE FUNCTION bump_billing_input_version('group_id');
--> statement-breakpoint
CREATE TRIGGER group_students_billing AFTER INSERT OR UPDATE OR DELETE ON group_students FOR EACH ROW
  EXECUTE FUNCTION bump_billing_input_version('group_id');
--> statement-breakpoint
CREATE TRIGGER group_student_status_changes_billing AFTER INSERT OR DELETE ON group_student_status_changes
  FOR EACH ROW EXECUTE FUNCTION bump_billing_input_version('group_id');
--> statement-breakpoint
CREATE TRIGGER groups_billing AFTER UPDATE ON groups FOR EACH ROW
  EXECUTE FUNCTION bump_billing_input_version('id');
--> statement-breakpoint
CREATE TRIGGER courses_billing AFTER UPDATE ON courses FOR EACH ROW
  WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.duration_months IS DISTINCT FROM NEW.duration_months
    OR OLD.lessons_per_module IS DISTINCT FROM NEW.lessons_per_module)
  EXECUTE FUNCTION bump_billing_input_version('company');
--> statement-breakpoint
CREATE TRIGGER holidays_billing AFTER INSERT OR UPDATE OR DELETE ON holidays FOR EACH ROW
  EXECUTE FUNCTION bump_billing_input_version('company');
