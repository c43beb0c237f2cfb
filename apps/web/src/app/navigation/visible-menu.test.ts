import { Role, type RoleId } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { aCompany } from '../../test/session-fixtures';
import { type MenuContext, navLeaves } from './nav-items';
import { menuContextOf, visibleMenu } from './visible-menu';

const PLAIN: MenuContext = { gamification: false, scoring: false, country: 'uz', billing: false };
const EVERYTHING_ON: MenuContext = { gamification: true, scoring: true, country: 'uz', billing: true };

const keysFor = (roles: RoleId[], context: MenuContext = PLAIN) =>
  navLeaves(visibleMenu(roles, context)).map((l) => l.key);

describe('visibleMenu', () => {
  it('gives a teacher his groups and salary, not rooms or finance', () => {
    const keys = keysFor([Role.teacher]);
    expect(keys).toEqual(['dashboard', 'groups', 'salary']);
    expect(keys).not.toContain('rooms');
  });

  it('gives a student only the course lessons of his groups, paying online and, with gamification, his shop', () => {
    expect(keysFor([Role.student], EVERYTHING_ON)).toEqual(['course-lessons', 'pay-online', 'shop']);
    expect(keysFor([Role.student], PLAIN)).toEqual(['course-lessons', 'pay-online']);
  });

  it('gives a parent his children and the news, nothing of the staff (issue 24)', () => {
    expect(keysFor([Role.parent], EVERYTHING_ON)).toEqual(['parent', 'parent-news']);
    expect(keysFor([Role.owner], EVERYTHING_ON)).not.toContain('parent');
  });

  it('gives a marketer leads and forms', () => {
    expect(keysFor([Role.marketer], EVERYTHING_ON)).toEqual(['leads', 'forms']);
  });

  it('gives a cashier alone the cashier menu: finance and students, no administration', () => {
    const keys = keysFor([Role.cashier]);
    expect(keys).toContain('payments');
    expect(keys).toContain('students');
    expect(keys).not.toContain('rooms');
    expect(keys).not.toContain('leads');
  });

  it('gives a cashier who is also an administrator both menus', () => {
    const keys = keysFor([Role.cashier, Role.admin]);
    expect(keys).toContain('payments');
    expect(keys).toContain('rooms');
    expect(keys).toContain('leads');
    expect(keysFor([Role.admin])).not.toContain('payments');
  });

  it('shows gamification only when the company enabled it, and never to Administrator2', () => {
    expect(keysFor([Role.admin], EVERYTHING_ON)).toContain('orders');
    expect(keysFor([Role.admin], PLAIN)).not.toContain('orders');
    const secondAdmin = keysFor([Role.secondAdmin], EVERYTHING_ON);
    expect(secondAdmin).not.toContain('orders');
    expect(secondAdmin).not.toContain('shop-panel');
    expect(secondAdmin).toContain('rooms');
  });

  it("shows rating only when the scoring module is '1'", () => {
    expect(keysFor([Role.admin], { ...PLAIN, scoring: true })).toContain('rating');
    expect(keysFor([Role.admin], PLAIN)).not.toContain('rating');
  });

  it('adds a courses item to the main menu for Indonesian companies', () => {
    expect(keysFor([Role.ceo], { ...PLAIN, country: 'id' })).toContain('courses-shortcut');
    expect(keysFor([Role.ceo], PLAIN)).not.toContain('courses-shortcut');
  });

  it('gives owner and CEO every area, but not the items of other roles', () => {
    const keys = keysFor([Role.owner], EVERYTHING_ON);
    for (const key of ['staff', 'history', 'billing', 'voip', 'payments', 'rooms', 'orders', 'rating']) {
      expect(keys).toContain(key);
    }
    expect(keys).not.toContain('salary');
    expect(keys).not.toContain('course-lessons');
    expect(keys).not.toContain('shop');
  });

  it('shows billing only where the licence answer says it is visible (not on a white-label host)', () => {
    expect(keysFor([Role.owner], { ...PLAIN, billing: true })).toContain('billing');
    expect(keysFor([Role.owner], EVERYTHING_ON)).toContain('billing');
    expect(keysFor([Role.owner], { ...EVERYTHING_ON, billing: false })).not.toContain('billing');
  });

  it("reads billing from GET /licence's policies, hidden until they have come", () => {
    const company = aCompany();
    const policies = { can_order: true, billing_visible: true };
    expect(menuContextOf(company, policies).billing).toBe(true);
    expect(menuContextOf(company, { ...policies, billing_visible: false }).billing).toBe(false);
    expect(menuContextOf(company, undefined).billing).toBe(false);
  });

  it('gives a limited administrator teachers, courses, groups and leads', () => {
    expect(keysFor([Role.limitedAdmin])).toEqual(['dashboard', 'leads', 'teachers', 'groups', 'courses']);
  });

  it("puts settings-grade third in the limited administrator's menu when the scoring module is on", () => {
    expect(keysFor([Role.limitedAdmin], { ...PLAIN, scoring: true })).toEqual([
      'dashboard',
      'leads',
      'settings-grade-shortcut',
      'teachers',
      'groups',
      'courses',
    ]);
    expect(keysFor([Role.admin])).toContain('settings-grade');
    expect(keysFor([Role.admin], { ...PLAIN, scoring: true })).not.toContain('settings-grade-shortcut');
  });

  it('drops a section whose items are all hidden', () => {
    const sections = visibleMenu([Role.teacher], PLAIN).map((entry) => entry.key);
    expect(sections).not.toContain('finance');
    expect(sections).not.toContain('management');
  });
});
