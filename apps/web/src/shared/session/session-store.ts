import { type CompanyPublic, currentBranchOf, isRoleId, type Me, type RoleId } from '@crm/contracts';

/** Spec §4 "Session": what survives a reload, one localStorage key each. */
export interface Session {
  token: string | null;
  user: Me | null;
  company: CompanyPublic | null;
  branch: number | null;
  role: RoleId | null;
}

const KEYS = { token: 'token', user: 'user', company: 'company', branch: 'branch', role: 'role' } as const;

const readJson = <T>(key: string): T | null => {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

const readNumber = (key: string): number | null => {
  const value = Number(localStorage.getItem(key));
  return Number.isInteger(value) && value > 0 ? value : null;
};

function readSession(): Session {
  const role = readNumber(KEYS.role);
  return {
    token: localStorage.getItem(KEYS.token),
    user: readJson<Me>(KEYS.user),
    company: readJson<CompanyPublic>(KEYS.company),
    branch: readNumber(KEYS.branch),
    role: role !== null && isRoleId(role) ? role : null,
  };
}

let snapshot = readSession();
const listeners = new Set<() => void>();

function commit(): void {
  snapshot = readSession();
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values<string>(KEYS).includes(event.key)) commit();
});

export const getSession = (): Session => snapshot;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const roleIdsOf = (user: Pick<Me, 'roles'>): RoleId[] => user.roles.map((role) => role.id);

/** The user's own branch unless the one already chosen is still among his branches. */
function branchFor(user: Me, chosen: number | null): number | undefined {
  if (chosen !== null && user.branches.some((branch) => branch.id === chosen)) return chosen;
  return currentBranchOf({ roles: roleIdsOf(user), branches: user.branches, main_branch: user.main_branch });
}

/** Stores a fresh sign-in, or the user returned by /auth/me on start. */
export function storeUser(user: Me, token?: string): void {
  if (token) localStorage.setItem(KEYS.token, token);
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  localStorage.setItem(KEYS.company, JSON.stringify(user.company));
  localStorage.setItem(KEYS.role, String(user.current_role));
  const branch = branchFor(user, token ? null : snapshot.branch);
  if (branch === undefined) localStorage.removeItem(KEYS.branch);
  else localStorage.setItem(KEYS.branch, String(branch));
  commit();
}

export function storeBranch(branchId: number): void {
  localStorage.setItem(KEYS.branch, String(branchId));
  commit();
}

export function clearSession(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  commit();
}

/** Spec §8: a 401 removes token, user and company; branch and role stay for the next sign-in. */
export function clearAuthorization(): void {
  for (const key of [KEYS.token, KEYS.user, KEYS.company]) localStorage.removeItem(key);
  commit();
}
