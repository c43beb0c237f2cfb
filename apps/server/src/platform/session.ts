import { DEFAULT_COUNTRY, isRoleId, type RoleId } from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.js';
import type { CompanyLicenceRow } from '../modules/licence/licence-state.js';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';
import type { TokenClaims } from './tokens.js';

export interface ActorRow {
  id: number;
  name: string;
  roles: number[];
  branch_ids: number[] | null;
  all_branches: boolean;
  company_disabled: boolean;
  licence_ends_on: string | null;
  country: string | null;
  time_zone: string | null;
}

/** The caller, and his company's licence as the licence gate needs it (modules/licence/licence-state.ts). */
export interface LoadedActor {
  actor: Actor;
  licence: CompanyLicenceRow;
}

/**
 * The caller in one statement: the session must be live, the user not archived, and roles and branches are
 * read fresh, so a change of role or an archived account takes effect on the next request rather than at token
 * expiry. Its values are the claims of a token we signed: the request's transaction sends it with its opening.
 */
export const actorQuery = (claims: TokenClaims): SQL => sql`
    select u.id::int as id, u.name, u.roles::int[] as roles, c.disabled as company_disabled,
      c.licence_ends_on::text as licence_ends_on, c.datas->>'country' as country, c.datas->>'time_zone' as time_zone,
      (u.roles && array[1, 8]::smallint[]) as all_branches,
      case when u.roles && array[1, 8]::smallint[]
        then (select array_agg(b.id::int order by b.id) from branches b where b.company_id = u.company_id)
        -- A parent (issue 24) works in no branch of his own: he reaches his children's.
        when u.roles && array[12]::smallint[]
        then (select array_agg(distinct ub.branch_id::int order by ub.branch_id::int) from user_branches ub
              where ub.company_id = u.company_id and (ub.user_id = u.id or ub.user_id in
                (select ps.student_id from parent_students ps where ps.company_id = u.company_id and ps.parent_id = u.id)))
        else (select array_agg(ub.branch_id::int order by ub.branch_id) from user_branches ub
              where ub.company_id = u.company_id and ub.user_id = u.id)
      end as branch_ids
    from sessions s
    join users u on u.company_id = s.company_id and u.id = s.user_id
    join companies c on c.id = s.company_id
    where s.company_id = ${claims.companyId} and s.id = ${claims.sessionId} and u.id = ${claims.userId}
      and s.revoked_at is null and s.expires_at > now() and u.archived_at is null
  `;

/** The caller from the row of actorQuery; a missing row is an ended session. */
export function actorFromRow(row: ActorRow | undefined, claims: TokenClaims): LoadedActor {
  if (!row) throw new AppError(401, 'session_expired');
  if (row.company_disabled) throw new AppError(403, 'company_disabled');
  const roles = row.roles.filter(isRoleId) as RoleId[];
  const actor: Actor = {
    id: row.id,
    companyId: claims.companyId,
    sessionId: claims.sessionId,
    name: row.name,
    roles,
    branchIds: row.branch_ids ?? [],
    allBranches: row.all_branches,
  };
  const datas = { country: row.country ?? DEFAULT_COUNTRY, time_zone: row.time_zone };
  return { actor, licence: { licenceEndsOn: row.licence_ends_on, datas } };
}

/** The caller, read inside a transaction already open (log-in's first answer). */
export async function loadActor(tx: Tx, claims: TokenClaims): Promise<LoadedActor> {
  const [row] = await selectRows<ActorRow>(tx, actorQuery(claims));
  return actorFromRow(row, claims);
}
