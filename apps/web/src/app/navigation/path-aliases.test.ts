import { describe, expect, it } from 'vitest';
import { navRoutes } from './nav-items';
import { PATH_ALIASES } from './path-aliases';

describe('PATH_ALIASES', () => {
  const menuPaths = new Set(navRoutes().map((route) => route.path));

  it('opens the pages the menu opens, such as the spec §2 "/students" and "/teachers"', () => {
    for (const [alias, target] of Object.entries(PATH_ALIASES)) expect(menuPaths, alias).toContain(target);
    expect(PATH_ALIASES['/students']).toBe('/students/list');
    expect(PATH_ALIASES['/teachers']).toBe('/teachers/list');
    expect(PATH_ALIASES['/finance/debtors']).toBe('/students/debtors');
  });

  it('never hides a page of the menu', () => {
    for (const alias of Object.keys(PATH_ALIASES)) expect(menuPaths.has(alias), alias).toBe(false);
  });
});
