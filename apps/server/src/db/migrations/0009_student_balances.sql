CREATE TABLE "student_balances" (
	"company_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "student_balances_company_id_student_id_pk" PRIMARY KEY("company_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "student_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_balances" ADD CONSTRAINT "student_balances_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "student_balances" AS PERMISSIVE FOR ALL TO "app_user" USING ("student_balances"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("student_balances"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- The balances follow the ledger (docs/decisions/0017): after every INSERT statement on ledger_entries, its rows'
-- amounts are added per student, in student order so that two statements lock balance rows in the same order.
-- SECURITY DEFINER: the application only reads student_balances; a balance moves only with a ledger entry.
CREATE FUNCTION "student_balances_follow_ledger"() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO student_balances AS b (company_id, student_id, balance)
  SELECT company_id, student_id, sum(amount) FROM new_entries
  WHERE student_id IS NOT NULL
  GROUP BY company_id, student_id
  ORDER BY company_id, student_id
  ON CONFLICT (company_id, student_id) DO UPDATE SET balance = b.balance + excluded.balance;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_student_balances" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "student_balances_follow_ledger"();
--> statement-breakpoint
INSERT INTO "student_balances" (company_id, student_id, balance)
  SELECT company_id, student_id, sum(amount) FROM "ledger_entries" WHERE student_id IS NOT NULL
  GROUP BY company_id, student_id;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON "student_balances" FROM "app_user";
