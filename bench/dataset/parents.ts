import { Role } from '@crm/contracts';
import type { Db } from '../../apps/server/src/db/client.js';
import { parentStudents } from '../../apps/server/src/db/schema/index.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompany } from '../../apps/server/src/platform/tenancy.js';
import { insertPeople } from '../../apps/server/src/seed/users-factories.js';
import { PHONES } from './config.js';
import type { Place } from './types.js';

/** How many children the log-in parent has (each in another group), as a family with three at the centre. */
const LOG_IN_CHILDREN = 3;

/**
 * Issue 24's parents: the students two by two have one parent account (siblings), as the migration makes them
 * from the students' parent phones; and the role users' parent, who logs in, has three children in different
 * groups. No random numbers: the rest of the dataset stays what it was before parents existed.
 */
export async function createParents(
  db: Db,
  companyId: number,
  places: readonly Place[],
  logInParentId: number,
): Promise<{ accounts: number; childIds: number[] }> {
  const pairs = Math.floor(places.length / 2);
  const parentIds = await insertPeople(
    db,
    companyId,
    [Role.parent],
    Array.from({ length: pairs }, (_, k) => ({
      name: `Ota-ona ${k + 1}`,
      phone: String(PHONES.parents + k),
      branchIds: [],
    })),
  );
  const childIds = places.slice(0, LOG_IN_CHILDREN).map((place) => place.studentId);
  const links = [
    ...parentIds.flatMap((parentId, k) =>
      [places[2 * k], places[2 * k + 1]].map((place) => ({
        companyId,
        parentId,
        studentId: place?.studentId as number,
      })),
    ),
    ...childIds.map((studentId) => ({ companyId, parentId: logInParentId, studentId })),
  ];
  await inCompany(
    db,
    companyId,
    async (tx) => {
      for (let i = 0; i < links.length; i += 5_000)
        await tx
          .insert(parentStudents)
          .values(links.slice(i, i + 5_000))
          .onConflictDoNothing();
    },
    { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS },
  );
  return { accounts: parentIds.length + 1, childIds };
}
