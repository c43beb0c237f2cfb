import { currentBranchOf, currentRoleOf, type Me, ROLE_LABEL, type RoleId } from '@crm/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { findCompanyPublic } from '../company/service.js';

/** The signed-in user as the web keeps him (spec §3 User, §6 current role and branch). */
export async function loadMe(tx: Tx, actor: Pick<Actor, 'id' | 'companyId' | 'branchIds' | 'roles'>): Promise<Me> {
  const [user] = await tx
    .select({ id: users.id, name: users.name, phone: users.phone, mainBranchId: users.mainBranchId })
    .from(users)
    .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.id)));
  if (!user) throw notFound();
  const branchRows = actor.branchIds.length
    ? await tx
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        // An archived branch is nobody's to work in (its history stays readable by its id).
        .where(
          and(
            eq(branches.companyId, actor.companyId),
            inArray(branches.id, actor.branchIds),
            isNull(branches.archivedAt),
          ),
        )
        .orderBy(asc(branches.id))
    : [];
  const company = await findCompanyPublic(tx, actor.companyId);
  const roles: RoleId[] = actor.roles;
  const me = { roles, branches: branchRows, main_branch: user.mainBranchId };
  return {
    id: user.id,
    name: user.name,
    phone: user.phone,
    roles: roles.map((id) => ({ id, name: ROLE_LABEL[id] })),
    branches: branchRows,
    main_branch: user.mainBranchId,
    company_id: actor.companyId,
    current_role: currentRoleOf(roles) as RoleId,
    current_branch: currentBranchOf(me) ?? null,
    company,
  };
}
