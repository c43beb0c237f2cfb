import { type CompanyPublic, canAccess, type LicenceAnswer, Role, type RoleId } from '@crm/contracts';
import { scoringModuleOn } from '../../shared/session/scoring-module';
import { isSection, type MenuContext, NAV, type NavEntry, type NavLeaf } from './nav-items';

type LicencePolicies = LicenceAnswer['policies'];

/**
 * Spec §2 "Menus by role": these roles get a short menu of their own instead of
 * everything their areas allow. Dashboard is added where it is the role's home (spec §6).
 */
const ROLE_MENUS: Partial<Record<RoleId, readonly string[]>> = {
  [Role.teacher]: ['dashboard', 'groups', 'salary'],
  [Role.student]: ['course-lessons', 'pay-online', 'shop'],
  [Role.parent]: ['parent', 'parent-news'],
  [Role.marketer]: ['leads', 'forms'],
  [Role.limitedAdmin]: ['dashboard', 'teachers', 'courses', 'groups', 'leads', 'settings-grade-shortcut'],
};

function showsFor(leaf: NavLeaf, role: RoleId, context: MenuContext): boolean {
  if (!canAccess(leaf.area, [role])) return false;
  if (leaf.when && !leaf.when(context)) return false;
  const own = ROLE_MENUS[role];
  return own ? own.includes(leaf.key) : !leaf.exclusive;
}

/** A user with several roles sees each role's menu (e.g. cashier plus administrator). */
export function visibleMenu(roles: readonly RoleId[], context: MenuContext): NavEntry[] {
  const shows = (leaf: NavLeaf) => roles.some((role) => showsFor(leaf, role, context));
  return NAV.flatMap((entry): NavEntry[] => {
    if (!isSection(entry)) return shows(entry) ? [entry] : [];
    const children = entry.children.filter(shows);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/**
 * The company's switches, and the licence's policies (GET /licence): billing shows only when the server says so
 * (not on a white-label host), and not before it has answered.
 */
export const menuContextOf = (company: CompanyPublic, licence: LicencePolicies | undefined): MenuContext => ({
  gamification: company.datas.gamification,
  scoring: scoringModuleOn(company),
  country: company.datas.country,
  billing: licence?.billing_visible ?? false,
});
