-- Issue 23, toward Citus: the student and place balances move with the ledger through the ledger's writers, in the
-- same transaction as the entries (modules/finance/balance-upkeep.ts, called by finance/ledger.ts and
-- billing/ledger-writer.ts), no longer through the statement-level triggers with transition tables of 0009 and 0019,
-- which Citus does not run on distributed tables. The writers call add_to_balances: SECURITY DEFINER, like the
-- triggers were, so the application's role still cannot write a balance itself — it can only add booked amounts,
-- and only within the company of its transaction.
DROP TRIGGER "ledger_entries_student_balances" ON "ledger_entries";--> statement-breakpoint
DROP TRIGGER "ledger_entries_place_balances" ON "ledger_entries";--> statement-breakpoint
DROP FUNCTION "student_balances_follow_ledger"();--> statement-breakpoint
DROP FUNCTION "place_balances_follow_ledger"();--> statement-breakpoint
-- Amounts are summed per student (and per student and group) and added in key order, so that two transactions lock
-- the balance rows in the same order.
CREATE FUNCTION "add_to_balances"(company bigint, students bigint[], groups bigint[], amounts bigint[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF coalesce(current_setting('app.company_id', true), '') <> ''
     AND current_setting('app.company_id', true)::bigint <> company THEN
    RAISE EXCEPTION 'add_to_balances: company % is not the transaction''s', company USING ERRCODE = '42501';
  END IF;
  INSERT INTO student_balances AS b (company_id, student_id, balance)
  SELECT company, s, sum(a) FROM unnest(students, amounts) AS u(s, a)
  WHERE s IS NOT NULL GROUP BY s ORDER BY s
  ON CONFLICT (company_id, student_id) DO UPDATE SET balance = b.balance + excluded.balance;
  INSERT INTO place_balances AS b (company_id, student_id, group_id, balance)
  SELECT company, s, g, sum(a) FROM unnest(students, groups, amounts) AS u(s, g, a)
  WHERE s IS NOT NULL AND g IS NOT NULL GROUP BY s, g ORDER BY s, g
  ON CONFLICT (company_id, student_id, group_id) DO UPDATE SET balance = b.balance + excluded.balance;
  -- The student lists' rows (0018) show the balance: moved here, where every balance moves, rather than by the
  -- statement-level triggers on student_balances (dropped below).
  UPDATE student_list_rows s SET balance = b.balance FROM student_balances b
  WHERE b.company_id = company AND b.student_id = ANY(students)
    AND s.company_id = b.company_id AND s.student_id = b.student_id AND s.balance <> b.balance;
END
$$;--> statement-breakpoint
DROP TRIGGER "student_balances_student_list_insert" ON "student_balances";--> statement-breakpoint
DROP TRIGGER "student_balances_student_list_update" ON "student_balances";--> statement-breakpoint
DROP FUNCTION "student_list_follow_balances"();--> statement-breakpoint
REVOKE ALL ON FUNCTION "add_to_balances"(bigint, bigint[], bigint[], bigint[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "add_to_balances"(bigint, bigint[], bigint[], bigint[]) TO "app_user";
