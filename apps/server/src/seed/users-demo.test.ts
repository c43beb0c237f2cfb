import { phoneDigitCount } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../test/helpers.js';
import { createCompanyWithRoleUsers } from './factories.js';
import { seedUsersDemo } from './users-demo.js';

const { app, database } = await openTestApp();

describe('seedUsersDemo', () => {
  it.each([
    ['uz', 'training_center'],
    ['kz', 'kindergarten'],
  ] as const)('seeds 8 teachers and 400 students over both branches (%s)', async (country, companyType) => {
    const company = await createCompanyWithRoleUsers(database.db, {
      name: 'Seeded',
      subdomain: uniqueSubdomain('seed'),
      datas: { country, company_type: companyType },
      branches: ['One', 'Two'],
    });
    const started = performance.now();
    const seeded = await seedUsersDemo(database.db, company);
    console.log(`seedUsersDemo (${country}): ${(performance.now() - started).toFixed(0)} ms`);
    expect(seeded.teacherIds).toHaveLength(8);
    expect(seeded.studentIds).toHaveLength(400);

    const ceo = await loginAs(app, company.subdomain, '900000001');
    const get = async (query: string) =>
      (await call(app, { url: `/api/v1/user?${query}`, sub: company.subdomain, token: ceo })).body;
    for (const branch of company.branchIds) {
      expect((await get(`user_type=student&branch_id=${branch}`)).pagination.total).toBeGreaterThan(150);
      expect((await get(`user_type=teacher&branch_id=${branch}`)).pagination.total).toBeGreaterThanOrEqual(4);
    }
    const page = await get('user_type=student&per_page=500');
    // The role users of the company (phones 9000000NN) are not the seed's.
    page.data = page.data.filter((u: { id: number }) => seeded.studentIds.includes(u.id));
    expect(page.data).toHaveLength(400);
    const phones = page.data.map((u: { phone: string }) => u.phone);
    expect(new Set(phones).size).toBe(phones.length);
    expect(phones.every((p: string) => p.length === phoneDigitCount(country))).toBe(true);
    expect(page.data.every((u: { birthday: string | null }) => /^\d{4}-\d{2}-\d{2}$/.test(u.birthday ?? ''))).toBe(
      true,
    );
  });
});
