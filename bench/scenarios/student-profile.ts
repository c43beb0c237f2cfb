import type { Dataset } from '../dataset/index.js';
import { personColumns } from './people-sql.js';
import { type LoadScenario, nth, q } from './types.js';

/** Spec §7 GET /user/{id}: a student's profile; the SQL of users/queries.ts getProfile. */
export const studentProfile = (d: Dataset): LoadScenario => ({
  kind: 'load',
  name: 'student profile',
  what: "GET /user/{id}: a student's profile (the reachability check, then the person with branches, tags and all his groups)",
  actor: 'admin',
  concurrency: 20,
  requests: 2_000,
  request: (i) => ({ method: 'GET', path: `/api/v1/user/${nth(d.places, i).studentId}` }),
  sql: (i) => {
    const id = nth(d.places, i).studentId;
    const branches = `{${d.branchIds.join(',')}}`;
    return [
      // findTarget: the user, if one of his branches is one of the caller's.
      q`select u.id::int as id, u.name, u.phone, u.roles::int[] as roles, u.main_branch_id::int as main_branch,
          (u.archived_at is not null) as archived,
          (select array_agg(ub.branch_id::int order by ub.branch_id) from user_branches ub
            where ub.company_id = u.company_id and ub.user_id = u.id) as branch_ids
        from users u
        where u.company_id = ${d.company.id} and u.id in (${id}) and exists (select 1 from user_branches ub
          where ub.company_id = u.company_id and ub.user_id = u.id and ub.branch_id = any(${branches}::bigint[]))
        order by u.id`,
      {
        text: `select ${personColumns(true)} from users u where u.company_id = $1 and u.id = $2`,
        values: [d.company.id, id],
      },
    ];
  },
  targets: { p95Ms: 50 },
});
