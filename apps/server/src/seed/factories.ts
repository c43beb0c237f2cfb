import { type CompanyDatas, companyDatasSchema, Role, type RoleId, type RoleName } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { branches, companies, parentStudents, rooms, userBranches, users } from '../db/schema/index.js';
import type { Actor } from '../platform/actor.js';
import { hashPassword } from '../platform/passwords.js';
import { inCompany } from '../platform/tenancy.js';

/**
 * One set of factories builds the demo seed and the test fixtures (STYLE.md 9),
 * so every test starts from the same shapes a user sees.
 */

export const DEMO_PASSWORD = 'demo1234';

/** Spec-independent convention of this product: `9000000NN`, NN the role id in two digits. */
export const demoPhone = (role: RoleId) => `9000000${String(role).padStart(2, '0')}`;

const hashes = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; fixtures reuse one hash per password. */
const cachedHash = (password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
};

export interface CompanySpec {
  name: string;
  subdomain: string;
  datas?: Partial<CompanyDatas>;
  branches: string[];
  logo?: string | null;
  disabled?: boolean;
}

export interface CreatedCompany {
  id: number;
  subdomain: string;
  branchIds: number[];
}

export async function createCompany(db: Db, spec: CompanySpec): Promise<CreatedCompany> {
  // The tenant root is written by the owner connection: app_user may not create companies.
  const [company] = await db
    .insert(companies)
    .values({
      name: spec.name,
      subdomain: spec.subdomain,
      logo: spec.logo ?? null,
      disabled: spec.disabled ?? false,
      datas: companyDatasSchema.parse(spec.datas ?? {}),
    })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned no row');
  const branchIds = await inCompany(db, company.id, async (tx) => {
    const rows = await tx
      .insert(branches)
      .values(spec.branches.map((name) => ({ companyId: company.id, name })))
      .returning({ id: branches.id });
    return rows.map((r) => r.id);
  });
  return { id: company.id, subdomain: spec.subdomain, branchIds };
}

export interface UserSpec {
  name: string;
  phone: string;
  roles: RoleId[];
  branchIds: number[];
  mainBranchId?: number | null;
  password?: string;
}

export async function createUser(db: Db, companyId: number, spec: UserSpec): Promise<number> {
  const passwordHash = await cachedHash(spec.password ?? DEMO_PASSWORD);
  return inCompany(db, companyId, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        companyId,
        name: spec.name,
        phone: spec.phone,
        roles: spec.roles,
        passwordHash,
        mainBranchId: spec.mainBranchId === undefined ? (spec.branchIds[0] ?? null) : spec.mainBranchId,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned no row');
    if (spec.branchIds.length) {
      await tx
        .insert(userBranches)
        .values(spec.branchIds.map((branchId) => ({ companyId, userId: user.id, branchId })));
    }
    return user.id;
  });
}

const ROLE_PERSON: Record<RoleName, string> = {
  owner: 'Bobur Karimov',
  ceo: 'Dilnoza Rashidova',
  branchDirector: 'Jasur Toshmatov',
  admin: 'Malika Yusupova',
  secondAdmin: 'Sardor Aliyev',
  limitedAdmin: 'Nodira Qodirova',
  cashier: 'Aziza Nurmatova',
  marketer: 'Otabek Saidov',
  teacher: 'Kamola Ergasheva',
  student: 'Ali Valiyev',
  parent: 'Gulnora Valiyeva',
};

export type RoleUsers = Record<RoleName, { id: number; phone: string }>;

/** A company with one user of every role of spec §6, each in every branch, phones `9000000NN`. */
export async function createCompanyWithRoleUsers(
  db: Db,
  spec: CompanySpec,
): Promise<CreatedCompany & { users: RoleUsers }> {
  const company = await createCompany(db, spec);
  const entries = await Promise.all(
    (Object.keys(Role) as RoleName[]).map(async (name) => {
      const phone = demoPhone(Role[name]);
      const id = await createUser(db, company.id, {
        name: ROLE_PERSON[name],
        phone,
        roles: [Role[name]],
        // A parent works in no branch: he reaches his children's (platform/session.ts).
        branchIds: name === 'parent' ? [] : company.branchIds,
      });
      return [name, { id, phone }] as const;
    }),
  );
  const roleUsers = Object.fromEntries(entries) as RoleUsers;
  // The parent of every role is the student's (issue 24): a parent with no child would have nothing to show.
  await inCompany(db, company.id, (tx) =>
    tx
      .insert(parentStudents)
      .values({ companyId: company.id, parentId: roleUsers.parent.id, studentId: roleUsers.student.id }),
  );
  return { ...company, users: roleUsers };
}

/** The company's owner (9000000 08) as the services see a signed-in user: demo data written as he would write it. */
export const seedOwnerActor = (company: CreatedCompany & { users: RoleUsers }): Actor => ({
  id: company.users.owner.id,
  companyId: company.id,
  sessionId: 'seed',
  name: 'seed',
  roles: [Role.owner],
  branchIds: company.branchIds,
  allBranches: true,
});

export async function createRoomRow(db: Db, companyId: number, branchId: number, name: string, capacity: number) {
  return inCompany(db, companyId, async (tx) => {
    const [room] = await tx.insert(rooms).values({ companyId, branchId, name, capacity }).returning({ id: rooms.id });
    if (!room) throw new Error('room insert returned no row');
    return room.id;
  });
}
