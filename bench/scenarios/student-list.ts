import { StudentStatus } from '@crm/contracts';
import type { Dataset } from '../dataset/index.js';
import { NAME_FRAGMENTS } from '../dataset/names.js';
import { personColumns } from './people-sql.js';
import { type LoadScenario, nth } from './types.js';

const PER_PAGE = 50;

/** What the list page asks, by request number: a branch, and one of four ways of looking. */
function filterOf(d: Dataset, i: number) {
  const branchId = nth(d.branchIds, i, 1);
  const way = i % 4;
  return {
    branchId,
    // Paging through the branch, newest first.
    page: way === 0 ? 1 + (Math.floor(i / 4) % 5) : 1,
    // A name typed into the search box.
    text: way === 1 ? nth(NAME_FRAGMENTS, i, 1) : undefined,
    // The active students of a course.
    courseId: way === 2 ? nth(d.courseIds, i, 1) : undefined,
    // Sorted by name.
    byName: way === 3,
  };
}

/** Spec §7 GET /user with the student list page's filters; the SQL of users/queries.ts listUsers for one branch. */
export const studentList = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'student list',
  what:
    "GET /user?user_type=student&branch_id&per_page=50: a branch's students, in turn paged, searched by name, " +
    "filtered to a course's active students and sorted by name (count + one page with branches, tags and groups)",
  actor: 'admin',
  concurrency: 20,
  requests: 2_000,
  request: (i) => {
    const f = filterOf(d, i);
    const query = new URLSearchParams({ user_type: 'student', branch_id: String(f.branchId), page: String(f.page) });
    query.set('per_page', String(PER_PAGE));
    if (f.text) query.set('name_or_phone', f.text);
    if (f.courseId) {
      query.set('course_id', String(f.courseId));
      query.set('statuses', String(StudentStatus.active));
    }
    if (f.byName) query.set('sort_by_name', '1');
    return { method: 'GET', path: `/api/v1/user?${query}` };
  },
  sql: (i) => {
    const f = filterOf(d, i);
    // The branch's kept list rows (users/student-list.ts, decision 0030), then the page's people by id.
    const values: unknown[] = [d.company.id, f.branchId];
    let where = 's.company_id = $1 and s.branch_id = $2 and s.archived = false';
    if (f.text) {
      values.push(`%${f.text}%`);
      where += ` and s.name ilike $${values.length}`;
    }
    if (f.courseId) {
      values.push(`{${f.courseId * 8 + StudentStatus.active}}`);
      where += ` and s.places && $${values.length}::bigint[]`;
    }
    const order = f.byName ? 's.name asc, s.student_id asc' : 's.student_id desc';
    const page = `select s.student_id from student_list_rows s where ${where}
      order by ${order} limit ${PER_PAGE} offset ${(f.page - 1) * PER_PAGE}`;
    return [
      { text: `select count(*)::int as n from student_list_rows s where ${where}`, values },
      {
        text: `select ${personColumns(false)} from users u where u.company_id = $1 and u.id in (${page})
          order by ${f.byName ? 'u.name asc, u.id asc' : 'u.id desc'}`,
        values,
      },
    ];
  },
  targets: { p95Ms: 50, ratio: 1.5 },
});
