CREATE TABLE "student_list_rows" (
	"company_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"archived" boolean NOT NULL,
	"balance" bigint NOT NULL,
	"places" bigint[] NOT NULL,
	"tag_ids" bigint[] NOT NULL,
	CONSTRAINT "student_list_rows_company_id_branch_id_student_id_pk" PRIMARY KEY("company_id","branch_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "student_list_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_list_rows" ADD CONSTRAINT "student_list_rows_membership_fk" FOREIGN KEY ("company_id","student_id","branch_id") REFERENCES "public"."user_branches"("company_id","user_id","branch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_list_rows_newest" ON "student_list_rows" USING btree ("company_id","branch_id","archived","student_id");--> statement-breakpoint
CREATE INDEX "student_list_rows_by_name" ON "student_list_rows" USING btree ("company_id","branch_id","archived","name","student_id");--> statement-breakpoint
CREATE INDEX "student_list_rows_by_balance" ON "student_list_rows" USING btree ("company_id","branch_id","archived","balance","student_id");--> statement-breakpoint
CREATE INDEX "student_list_rows_by_student" ON "student_list_rows" USING btree ("company_id","student_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "student_list_rows" AS PERMISSIVE FOR ALL TO "app_user" USING ("student_list_rows"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("student_list_rows"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- The student lists' rows (decision 0030) follow their sources in the writing transaction, whichever code path
-- writes: a student's rows are rebuilt from users, user_branches, group_students, groups, user_tags and
-- student_balances, as one set per statement (an import of ten thousand rows refreshes once, not ten thousand
-- times). SECURITY DEFINER: the application only reads the table; a row moves only with its sources.
CREATE FUNCTION refresh_student_list_rows(companies bigint[], students bigint[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  WITH keys AS (
    SELECT DISTINCT k.company_id, k.student_id FROM unnest(companies, students) AS k(company_id, student_id)
  ), wanted AS (
    SELECT ub.company_id, ub.branch_id, u.id AS student_id, u.name, u.phone, u.archived_at IS NOT NULL AS archived,
      coalesce(b.balance, 0) AS balance,
      array(SELECT DISTINCT coalesce(g.course_id, 0) * 8 + gs.status FROM group_students gs
        JOIN groups g ON g.company_id = gs.company_id AND g.id = gs.group_id
        WHERE gs.company_id = u.company_id AND gs.student_id = u.id ORDER BY 1) AS places,
      array(SELECT ut.tag_id FROM user_tags ut
        WHERE ut.company_id = u.company_id AND ut.user_id = u.id ORDER BY 1) AS tag_ids
    FROM keys k
    JOIN users u ON u.company_id = k.company_id AND u.id = k.student_id AND 7 = ANY(u.roles)
    JOIN user_branches ub ON ub.company_id = u.company_id AND ub.user_id = u.id
    LEFT JOIN student_balances b ON b.company_id = u.company_id AND b.student_id = u.id
  ), gone AS (
    DELETE FROM student_list_rows s USING keys k
    WHERE s.company_id = k.company_id AND s.student_id = k.student_id
      AND NOT EXISTS (SELECT 1 FROM wanted w
        WHERE w.company_id = s.company_id AND w.branch_id = s.branch_id AND w.student_id = s.student_id)
  )
  INSERT INTO student_list_rows AS s (company_id, branch_id, student_id, name, phone, archived, balance, places, tag_ids)
  SELECT * FROM wanted ORDER BY company_id, branch_id, student_id
  ON CONFLICT (company_id, branch_id, student_id) DO UPDATE SET name = excluded.name, phone = excluded.phone,
    archived = excluded.archived, balance = excluded.balance, places = excluded.places, tag_ids = excluded.tag_ids
  WHERE (s.name, s.phone, s.archived, s.balance, s.places, s.tag_ids)
    IS DISTINCT FROM (excluded.name, excluded.phone, excluded.archived, excluded.balance, excluded.places, excluded.tag_ids);
$$;
--> statement-breakpoint
-- A statement's changed students, by the column TG_ARGV[0] that holds the student: the new rows of an insert,
-- the old of a delete, both of an update (a row may move from one student to another).
CREATE FUNCTION student_list_follow() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  companies bigint[];
  students bigint[];
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT company_id, %1$I AS student_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT company_id, %1$I AS student_id FROM old_rows'
    ELSE 'SELECT company_id, %1$I AS student_id FROM new_rows UNION SELECT company_id, %1$I FROM old_rows' END;
BEGIN
  EXECUTE format('SELECT array_agg(company_id), array_agg(student_id) FROM (' || changed || ') k', TG_ARGV[0])
    INTO companies, students;
  IF companies IS NOT NULL THEN PERFORM refresh_student_list_rows(companies, students); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Users are updated for many reasons (log-ins, passwords, offers): only the list's columns refresh the rows.
CREATE FUNCTION student_list_follow_users() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  companies bigint[];
  students bigint[];
BEGIN
  SELECT array_agg(n.company_id), array_agg(n.id) INTO companies, students
  FROM new_rows n JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
  WHERE (n.name, n.phone, n.roles, n.archived_at) IS DISTINCT FROM (o.name, o.phone, o.roles, o.archived_at);
  IF companies IS NOT NULL THEN PERFORM refresh_student_list_rows(companies, students); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A group moved to another course moves its students' places.
CREATE FUNCTION student_list_follow_groups() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  companies bigint[];
  students bigint[];
BEGIN
  SELECT array_agg(gs.company_id), array_agg(gs.student_id) INTO companies, students
  FROM new_rows n JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
  JOIN group_students gs ON gs.company_id = n.company_id AND gs.group_id = n.id
  WHERE n.course_id IS DISTINCT FROM o.course_id;
  IF companies IS NOT NULL THEN PERFORM refresh_student_list_rows(companies, students); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The balance is the one column every payment and charge moves: set it alone.
CREATE FUNCTION student_list_follow_balances() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE student_list_rows s SET balance = n.balance FROM new_rows n
  WHERE s.company_id = n.company_id AND s.student_id = n.student_id AND s.balance <> n.balance;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_student_list AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow_users();
--> statement-breakpoint
-- A deleted membership takes its list row with it through the foreign key.
CREATE TRIGGER user_branches_student_list_insert AFTER INSERT ON user_branches REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow('user_id');
--> statement-breakpoint
CREATE TRIGGER user_branches_student_list_update AFTER UPDATE ON user_branches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow('user_id');
--> statement-breakpoint
CREATE TRIGGER group_students_student_list_insert AFTER INSERT ON group_students REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow('student_id');
--> statement-breakpoint
CREATE TRIGGER group_students_student_list_update AFTER UPDATE ON group_students
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow('student_id');
--> statement-breakpoint
CREATE TRIGGER group_students_student_list_delete AFTER DELETE ON group_students REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow('student_id');
--> statement-breakpoint
CREATE TRIGGER groups_student_list AFTER UPDATE ON groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow_groups();
--> statement-breakpoint
CREATE TRIGGER user_tags_student_list_insert AFTER INSERT ON user_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow('user_id');
--> statement-breakpoint
CREATE TRIGGER user_tags_student_list_update AFTER UPDATE ON user_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow('user_id');
--> statement-breakpoint
CREATE TRIGGER user_tags_student_list_delete AFTER DELETE ON user_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow('user_id');
--> statement-breakpoint
CREATE TRIGGER student_balances_student_list_insert AFTER INSERT ON student_balances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow_balances();
--> statement-breakpoint
CREATE TRIGGER student_balances_student_list_update AFTER UPDATE ON student_balances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_list_follow_balances();
--> statement-breakpoint
SELECT refresh_student_list_rows(array_agg(company_id), array_agg(id)) FROM users WHERE 7 = ANY(roles);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON student_list_rows FROM app_user;
