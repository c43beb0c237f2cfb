import { describe, expect, it } from 'vitest';
import { ACCESS, canAccess } from './access.js';
import { currentBranchOf, currentRoleOf, Role, roleHome, STAFF_ROLES } from './roles.js';

describe('roles (spec §6)', () => {
  it('keeps the spec role ids', () => {
    expect(Role).toEqual({
      ceo: 1,
      admin: 2,
      cashier: 4,
      marketer: 5,
      teacher: 6,
      student: 7,
      owner: 8,
      branchDirector: 9,
      limitedAdmin: 10,
      secondAdmin: 11,
      // Issue 24: beyond spec §6, and no staff role.
      parent: 12,
    });
    expect([...STAFF_ROLES].sort((a, b) => a - b)).toEqual([1, 2, 8, 9, 10, 11]);
  });

  it('takes the first role as the current one', () => {
    expect(currentRoleOf([Role.cashier, Role.admin])).toBe(Role.cashier);
  });

  it('puts the owner in his first branch and others in main_branch', () => {
    const branches = [{ id: 4 }, { id: 7 }];
    expect(currentBranchOf({ roles: [Role.owner], branches, main_branch: 7 })).toBe(4);
    expect(currentBranchOf({ roles: [Role.admin], branches, main_branch: 7 })).toBe(7);
    expect(currentBranchOf({ roles: [Role.admin], branches, main_branch: null })).toBe(4);
  });

  it('sends a refused user to his role home', () => {
    expect(roleHome([Role.owner])).toBe('/dashboard');
    expect(roleHome([Role.teacher])).toBe('/dashboard');
    for (const role of [Role.student, Role.cashier, Role.marketer]) expect(roleHome([role])).toBe('/user/profile');
  });
});

describe('the guard table (spec §6)', () => {
  it('lets owner and CEO through everywhere, even the areas no one else has', () => {
    for (const area of Object.keys(ACCESS) as (keyof typeof ACCESS)[]) {
      expect(canAccess(area, [Role.owner])).toBe(true);
      expect(canAccess(area, [Role.ceo])).toBe(true);
    }
    for (const area of ['staff', 'admin', 'history', 'billing'] as const) {
      expect(canAccess(area, [Role.admin])).toBe(false);
      expect(canAccess(area, [Role.branchDirector])).toBe(false);
    }
  });

  it.each([
    ['rooms', Role.limitedAdmin, true],
    ['rooms', Role.teacher, false],
    ['rooms', Role.cashier, false],
    ['finance', Role.cashier, true],
    ['finance', Role.admin, false],
    ['leftStudents', Role.secondAdmin, true],
    ['leftStudents', Role.limitedAdmin, false],
    ['settings', Role.branchDirector, true],
    ['settings', Role.admin, false],
    ['gamification', Role.admin, true],
    ['gamification', Role.secondAdmin, false],
    ['leads', Role.marketer, true],
    ['reminders', Role.teacher, true],
    ['groupPage', Role.student, true],
    ['students', Role.teacher, false],
  ] as const)('%s allows role %i: %s', (area, role, allowed) => {
    expect(canAccess(area, [role])).toBe(allowed);
  });

  it('lets a user with several roles do what any of them may', () => {
    expect(canAccess('finance', [Role.admin, Role.cashier])).toBe(true);
    expect(canAccess('rooms', [Role.cashier, Role.admin])).toBe(true);
  });
});
