/**
 * The columns GET /user and GET /user/{id} select per person (users/queries.ts selectUsers):
 * his branches, tags and groups as JSON in correlated subqueries (and, in a list, his balance), one statement a page.
 */
const studentGroups = (all: boolean) => `(select coalesce(json_agg(json_build_object(
    'id', g.id, 'name', coalesce(nullif(g.name, ''), g.code), 'status', g.status, 'student_status', gs.status,
    'course', case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end,
    'teacher', case when t.id is null then null else json_build_object('id', t.id, 'name', t.name) end,
    'start_time', to_char(g.start_time, 'HH24:MI'), 'end_time', to_char(g.end_time, 'HH24:MI'),
    'days', g.days, 'joined_at', gs.created_date::text) order by gs.status = 6, gs.created_date desc), '[]'::json)
  from group_students gs
  join groups g on g.company_id = gs.company_id and g.id = gs.group_id
  left join courses c on c.company_id = g.company_id and c.id = g.course_id
  left join users t on t.company_id = g.company_id and t.id = g.teacher_id
  where gs.company_id = $1 and gs.student_id = u.id${all ? '' : ' and gs.status <> 6'})`;

export const personColumns = (profile: boolean) => `u.id::int as id, u.name, u.phone, u.birthday::text as birthday,
    u.gender, u.comment, u.parent_name, u.parent_phone, u.ext_id, u.roles::int[] as roles,
    u.main_branch_id::int as main_branch, u.archived_at, u.created_at,
    ${profile ? 'u.extra_phone, u.email, u.telegram, u.address, u.passport_id, (u.password_hash is not null) as has_password,' : ''}
    (select coalesce(json_agg(json_build_object('id', b.id, 'name', b.name) order by b.id), '[]'::json)
      from user_branches ub join branches b on b.company_id = ub.company_id and b.id = ub.branch_id
      where ub.company_id = $1 and ub.user_id = u.id) as branches,
    (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name), '[]'::json)
      from user_tags ut join tags t on t.company_id = ut.company_id and t.id = ut.tag_id
      where ut.company_id = $1 and ut.user_id = u.id) as tags,
    ${studentGroups(profile)} as groups${
      profile
        ? ''
        : `,
    coalesce((select sb.balance from student_balances sb where sb.company_id = $1 and sb.student_id = u.id), 0) as balance`
    }`;
