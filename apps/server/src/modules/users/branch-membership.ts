import { ALWAYS_ALLOWED, type BranchArchivePreview } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistoryMany } from '../../platform/history.js';
import { archiveUsers } from './lifecycle.js';

/**
 * The users module's side of archiving a branch (docs/decisions/0023): it alone writes users and
 * user_branches, so the branches module asks it to let a branch's people go.
 *
 * - People with another working branch only lose this one.
 * - People whose only working branch it is move to the chosen branch, or are archived with it (then they
 *   keep it as their branch: restoring them later shows where they were).
 * - Owner and CEO see every branch anyway (spec §6) and are never archived by a branch: they move.
 * Whoever loses the branch he had as main branch gets his lowest remaining working branch instead.
 */

interface Member {
  id: number;
  name: string;
  roles: number[];
  archived: boolean;
  /** The member's other working branches. */
  others: number[];
}

type Fate = 'detach' | 'move' | 'archive' | 'stay';

const leads = (m: Member) => m.roles.some((role) => (ALWAYS_ALLOWED as readonly number[]).includes(role));

function fateOf(member: Member, people: 'move' | 'archive'): Fate {
  if (member.others.length) return 'detach';
  if (people === 'move' || leads(member)) return 'move';
  return member.archived ? 'stay' : 'archive';
}

async function membersOf(tx: Tx, companyId: number, branchId: number, lock: boolean): Promise<Member[]> {
  const rows = await selectRows<Member>(
    tx,
    sql`select u.id::int as id, u.name, u.roles::int[] as roles, (u.archived_at is not null) as archived,
        coalesce((select array_agg(o.branch_id::int order by o.branch_id)
          from user_branches o join branches b on b.company_id = o.company_id and b.id = o.branch_id
          where o.company_id = u.company_id and o.user_id = u.id and o.branch_id <> ${branchId}
            and b.archived_at is null), '{}') as others
      from user_branches ub join users u on u.company_id = ub.company_id and u.id = ub.user_id
      where ub.company_id = ${companyId} and ub.branch_id = ${branchId}
      order by u.id${lock ? sql` for update of u` : sql``}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), others: row.others.map(Number) }));
}

/** What archiving the branch would do to its people (counts of those not archived already). */
export async function previewBranchPeople(
  tx: Tx,
  companyId: number,
  branchId: number,
): Promise<Pick<BranchArchivePreview, 'only_here' | 'also_elsewhere'>> {
  const active = (await membersOf(tx, companyId, branchId, false)).filter((m) => !m.archived);
  const onlyHere = active.filter((m) => fateOf(m, 'archive') === 'archive').length;
  return { only_here: onlyHere, also_elsewhere: active.length - onlyHere };
}

/** Working people per branch of the company (the branch administration's list). */
export async function countPeopleByBranch(tx: Tx, companyId: number): Promise<Map<number, number>> {
  const rows = await selectRows<{ branch_id: number; people: number }>(
    tx,
    sql`select ub.branch_id::int as branch_id, count(*)::int as people
      from user_branches ub join users u on u.company_id = ub.company_id and u.id = ub.user_id
      where ub.company_id = ${companyId} and u.archived_at is null
      group by ub.branch_id`,
  );
  return new Map(rows.map((r) => [Number(r.branch_id), r.people]));
}

/**
 * Lets the people of `branchId` go, as the owner chose: `people` 'move' sends those who work only there to
 * `moveTo`; 'archive' archives them (owner and CEO still go to `moveTo`, a working branch the caller chose).
 * Answers how many of the working people whose only branch it was moved or were archived.
 */
export async function releaseBranchPeople(
  tx: Tx,
  actor: Actor,
  branchId: number,
  people: 'move' | 'archive',
  moveTo: number,
): Promise<number> {
  const members = await membersOf(tx, actor.companyId, branchId, true);
  const byFate = (fate: Fate) => members.filter((m) => fateOf(m, people) === fate);
  const movers = byFate('move');
  const leaving = [...movers, ...byFate('detach')];
  const c = actor.companyId;
  if (movers.length) {
    await tx.execute(sql`insert into user_branches (company_id, user_id, branch_id)
      select ${c}, id, ${moveTo} from unnest(${pgArray(movers.map((m) => m.id))}::bigint[]) as id
      on conflict do nothing`);
  }
  if (leaving.length) {
    const ids = pgArray(leaving.map((m) => m.id));
    await tx.execute(sql`delete from user_branches
      where company_id = ${c} and branch_id = ${branchId} and user_id = any(${ids}::bigint[])`);
    await tx.execute(sql`update users u set updated_at = now(), main_branch_id = case
        when u.main_branch_id is null or u.main_branch_id = ${branchId} then (
          select min(ub.branch_id) from user_branches ub join branches b on b.company_id = ub.company_id and b.id = ub.branch_id
          where ub.company_id = u.company_id and ub.user_id = u.id and b.archived_at is null)
        else u.main_branch_id end
      where u.company_id = ${c} and u.id = any(${ids}::bigint[])`);
    await recordHistoryMany(
      tx,
      actor,
      leaving.map((m) => {
        const to = m.others.length ? m.others : [moveTo];
        return {
          event: 'userMovedBranch' as const,
          entity: 'user',
          entityId: m.id,
          branchId: to[0] ?? null,
          data: { name: m.name, from: [...m.others, branchId].sort((a, b) => a - b), to },
        };
      }),
    );
  }
  const archived = byFate('archive').map((m) => m.id);
  // archiveUsers loads its targets by id: batches keep each statement well within the bind-parameter limit.
  for (let i = 0; i < archived.length; i += 5000) await archiveUsers(tx, actor, archived.slice(i, i + 5000));
  return members.filter((m) => !m.archived && !leads(m) && !m.others.length).length;
}
