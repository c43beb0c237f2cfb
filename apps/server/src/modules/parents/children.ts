import { type ParentChild, Role } from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';

export interface OwnChild {
  id: number;
  name: string;
  branchIds: number[];
}

interface ChildRow {
  id: number;
  name: string;
  branch_ids: number[] | null;
  balance: number;
  groups: { id: number; title: string }[];
}

/** The parent's children still studying here (not archived), with their branches, balances and groups. */
function childRows(tx: Tx, actor: Actor, only?: number) {
  const one: SQL = only === undefined ? sql`` : sql` and ps.student_id = ${only}`;
  return selectRows<ChildRow>(
    tx,
    sql`select s.id::int as id, s.name,
        (select array_agg(ub.branch_id::int order by ub.branch_id) from user_branches ub
          where ub.company_id = s.company_id and ub.user_id = s.id) as branch_ids,
        coalesce((select b.balance::bigint from student_balances b
          where b.company_id = s.company_id and b.student_id = s.id), 0)::bigint as balance,
        (select coalesce(json_agg(json_build_object('id', g.id, 'title', coalesce(nullif(trim(g.name), ''), g.code))
            order by g.id), '[]'::json)
          from group_students gs join groups g on g.company_id = gs.company_id and g.id = gs.group_id
          where gs.company_id = s.company_id and gs.student_id = s.id and gs.status <> 6) as groups
      from parent_students ps
      join users s on s.company_id = ps.company_id and s.id = ps.student_id
      where ps.company_id = ${actor.companyId} and ps.parent_id = ${actor.id}${one}
        and s.archived_at is null and ${Role.student} = any(s.roles)
      order by s.name, s.id`,
  );
}

/** GET /parent/children. Only a parent has children here: anyone else (owner, CEO) has none. */
export async function ownChildren(tx: Tx, actor: Actor): Promise<{ data: ParentChild[] }> {
  if (!actor.roles.includes(Role.parent)) return { data: [] };
  const rows = await childRows(tx, actor);
  return { data: rows.map((r) => ({ id: r.id, name: r.name, balance: Number(r.balance), groups: r.groups })) };
}

/** A child of the signed-in parent, else undefined (another's child, or a parent who is not one). */
export async function findOwnChild(tx: Tx, actor: Actor, studentId: number): Promise<OwnChild | undefined> {
  if (!actor.roles.includes(Role.parent)) return undefined;
  const [row] = await childRows(tx, actor, studentId);
  return row ? { id: row.id, name: row.name, branchIds: row.branch_ids ?? [] } : undefined;
}

/** The same, absent (404) when it is not his child: a parent learns nothing of other students. */
export async function ownChild(tx: Tx, actor: Actor, studentId: number): Promise<OwnChild> {
  const child = await findOwnChild(tx, actor, studentId);
  if (!child) throw notFound();
  return child;
}

/**
 * The child as the student's own screens see him: reads of a parent go through the services that already show
 * a student his own lessons, grades and money, so a parent sees exactly what his child sees and nothing more
 * (docs/decisions/0040). Only for reading: what a parent does is recorded as himself.
 */
export const childActor = (parent: Actor, child: OwnChild): Actor => ({
  id: child.id,
  companyId: parent.companyId,
  sessionId: parent.sessionId,
  name: child.name,
  roles: [Role.student],
  branchIds: child.branchIds,
  allBranches: false,
});

/** For services that let a student act on himself: the child's view when the caller is the student's parent. */
export async function childReach(tx: Tx, actor: Actor, studentId: number): Promise<Actor | undefined> {
  const child = await findOwnChild(tx, actor, studentId);
  return child ? childActor(actor, child) : undefined;
}
