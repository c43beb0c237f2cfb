import { Role } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The company's parent account of this phone (issue 24): one per phone, shared by siblings. */
export async function findParentAccount(tx: Tx, companyId: number, phone: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, roles: users.roles, archivedAt: users.archivedAt })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.phone, phone), sql`${Role.parent} = any(${users.roles})`))
    .orderBy(users.id)
    .limit(1);
  return row;
}

/**
 * The parent account of a phone, made when there is none (no password: he logs in by a code to this phone
 * until he sets one). An archived one is brought back, since a child of his studies here again. A transaction
 * lock on the phone keeps two students saved at once from making two parents of one phone.
 */
export async function parentAccountOf(tx: Tx, companyId: number, phone: string, name: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`parent:${companyId}:${phone}`}::text))`);
  const found = await findParentAccount(tx, companyId, phone);
  if (found) {
    if (found.archivedAt) {
      await tx
        .update(users)
        .set({ archivedAt: null, updatedAt: new Date() })
        .where(and(eq(users.companyId, companyId), eq(users.id, found.id)));
    }
    return { id: found.id, name: found.name, created: false };
  }
  const [made] = await tx
    .insert(users)
    .values({ companyId, name: name?.trim() || phone, phone, roles: [Role.parent] })
    .returning({ id: users.id, name: users.name });
  if (!made) throw new Error('parent insert returned no row');
  return { ...made, created: true };
}
