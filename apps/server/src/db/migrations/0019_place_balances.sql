CREATE TABLE "place_balances" (
	"company_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "place_balances_company_id_student_id_group_id_pk" PRIMARY KEY("company_id","student_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "place_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "place_balances" ADD CONSTRAINT "place_balances_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "place_balances" AS PERMISSIVE FOR ALL TO "app_user" USING ("place_balances"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("place_balances"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- The balance per group follows the ledger as the student's balance does (0009): after every INSERT statement on
-- ledger_entries, its rows' amounts booked to a group are added per student and group, in key order so that two
-- statements lock the rows in the same order. SECURITY DEFINER: the application only reads place_balances.
CREATE FUNCTION "place_balances_follow_ledger"() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO place_balances AS b (company_id, student_id, group_id, balance)
  SELECT company_id, student_id, group_id, sum(amount) FROM new_entries
  WHERE student_id IS NOT NULL AND group_id IS NOT NULL
  GROUP BY company_id, student_id, group_id
  ORDER BY company_id, student_id, group_id
  ON CONFLICT (company_id, student_id, group_id) DO UPDATE SET balance = b.balance + excluded.balance;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_place_balances" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "place_balances_follow_ledger"();
--> statement-breakpoint
INSERT INTO "place_balances" (company_id, student_id, group_id, balance)
  SELECT company_id, student_id, group_id, sum(amount) FROM "ledger_entries"
  WHERE student_id IS NOT NULL AND group_id IS NOT NULL
  GROUP BY company_id, student_id, group_id;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON "place_balances" FROM "app_user";
